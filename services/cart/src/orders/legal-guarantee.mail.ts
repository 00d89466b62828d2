import escapeHtml from 'escape-html';
import { durabilityGuaranteeLabel, EU_GUARANTEE_INFO_URL, LEGAL_GUARANTEE_COLOURS, LEGAL_GUARANTEE_NOTICE } from '@shop/legal-notices';

/**
 * The EU harmonised notice on the legal guarantee (Implementing Regulation (EU) 2025/1960;
 * legal-de.md §4.16) for e-mails, with the texts and colours of the storefront's
 * LegalGuaranteeNotice (@shop/legal-notices). The link stands in for the QR code, which mail
 * clients do not reliably show as SVG.
 */
export function legalGuaranteeNoticeText(): string[] {
  const notice = LEGAL_GUARANTEE_NOTICE;
  return [
    `${notice.heading.toUpperCase()} – ${notice.subheading}`,
    ...notice.points.map((point) => `- ${point}`),
    `${notice.moreInfo}: ${EU_GUARANTEE_INFO_URL}`,
  ];
}

/**
 * The producer's durability guarantee label of an order line (Implementing Regulation (EU)
 * 2025/1960), for the line's place in an e-mail: text lines, or an HTML block in the label's
 * colours; nothing for a line without one (null or up to two years).
 */
export function durabilityLabelText(years: number | null): string[] {
  const label = durabilityGuaranteeLabel(years);
  return label ? [`${label.heading} (${label.badge}): ${label.text}`] : [];
}

export function durabilityLabelHtml(years: number | null): string {
  const label = durabilityGuaranteeLabel(years);
  if (!label) return '';
  const { blue, yellow, text } = LEGAL_GUARANTEE_COLOURS;
  return `<div style="margin-top:4px;border:2px solid ${blue};border-radius:6px;padding:4px 8px;color:${text};font-size:13px"><strong style="background:${blue};color:${yellow};padding:0 6px;border-radius:4px">${escapeHtml(label.badge)}</strong> <strong style="color:${blue}">${escapeHtml(label.heading)}</strong>: ${escapeHtml(label.text)}</div>`;
}

/** The same notice as an HTML block with inline styles (mail clients drop style sheets). */
export function legalGuaranteeNoticeHtml(): string {
  const notice = LEGAL_GUARANTEE_NOTICE;
  const { blue, yellow, text, background } = LEGAL_GUARANTEE_COLOURS;
  return `<table role="presentation" cellpadding="12" style="border:3px solid ${blue};border-radius:8px;background:${background};color:${text};max-width:600px"><tr>
<td valign="top" style="width:64px"><div style="width:64px;height:64px;border-radius:32px;background:${blue};color:${yellow};font-weight:bold;text-align:center;line-height:64px">${escapeHtml(notice.badge)}</div></td>
<td valign="top"><h2 style="margin:0 0 8px;font-size:17px;color:${blue};text-transform:uppercase">${escapeHtml(notice.heading)} <span style="background:${yellow};color:${text};padding:0 6px;border-radius:6px">${escapeHtml(notice.subheading)}</span></h2>
<ul style="margin:0 0 8px;padding-left:18px">${notice.points.map((point) => `<li>${escapeHtml(point)}</li>`).join('')}</ul>
<a href="${escapeHtml(EU_GUARANTEE_INFO_URL)}" style="color:${blue};font-weight:bold">${escapeHtml(notice.moreInfo)}</a></td>
</tr></table>`;
}
