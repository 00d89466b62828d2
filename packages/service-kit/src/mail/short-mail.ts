import escapeHtml from 'escape-html';
import type { OutgoingMail } from './mailer';

/** The shop as e-mails name and link it. */
export interface ShopInfo {
  name: string;
  /** Public origin for absolute links, e.g. https://shop.example. */
  origin: string;
}

/**
 * A short German service e-mail (account links, newsletter confirmation) as text and HTML: a
 * greeting, paragraphs, at most one link, the shop's sign-off. Every piece of text is escaped in
 * the HTML part; `footer` lines come after the sign-off (e.g. the newsletter's unsubscribe link).
 */
export function shortMail(options: {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  link?: { label: string; url: string };
  footer?: { text: string; link?: { label: string; url: string } };
  shop: ShopInfo;
  fileStem: string;
}): OutgoingMail {
  const { to, subject, greeting, lines, link, footer, shop, fileStem } = options;
  const text = [
    greeting,
    '',
    ...lines,
    ...(link ? ['', `${link.label}: ${link.url}`] : []),
    '',
    `Ihr Team von ${shop.name}`,
    ...(footer ? ['', '--', footer.text, ...(footer.link ? [`${footer.link.label}: ${footer.link.url}`] : [])] : []),
  ].join('\n');
  const html = `<!doctype html><html lang="de"><body style="font-family:Arial,sans-serif;color:#111">
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : ''}
<p>Ihr Team von ${escapeHtml(shop.name)}</p>
${
  footer
    ? `<hr><p style="font-size:12px;color:#555">${escapeHtml(footer.text)}${
        footer.link ? ` <a href="${escapeHtml(footer.link.url)}">${escapeHtml(footer.link.label)}</a>` : ''
      }</p>`
    : ''
}
</body></html>`;
  return { to, subject, text, html, fileStem };
}

/** A unique part for mail file names: time and a random suffix. */
export const mailStamp = (): string => `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
