import { useId, type CSSProperties } from 'react';
import {
  EU_GUARANTEE_INFO_URL,
  EU_GUARANTEE_QR,
  LEGAL_GUARANTEE_COLOURS,
  LEGAL_GUARANTEE_NOTICE,
  durabilityGuaranteeLabel,
} from '@shop/legal-notices';

/** The notice's colours as custom properties, from the one source the e-mail uses too (@shop/legal-notices). */
const COLOUR_PROPERTIES = {
  '--shop-guarantee-blue': LEGAL_GUARANTEE_COLOURS.blue,
  '--shop-guarantee-yellow': LEGAL_GUARANTEE_COLOURS.yellow,
  '--shop-guarantee-text': LEGAL_GUARANTEE_COLOURS.text,
  '--shop-guarantee-background': LEGAL_GUARANTEE_COLOURS.background,
} as CSSProperties;

/** Quiet zone around the QR code, in modules (ISO/IEC 18004 asks for 4; the white frame gives it). */
const QR_QUIET_ZONE = 4;

/**
 * The EU harmonised notice on the legal guarantee of conformity (Directive (EU) 2024/825,
 * Implementing Regulation (EU) 2025/1960; legal-de.md §4.16): one component, in colour, shown
 * unchanged wherever the shop shows it (product pages, the checkout's review step); the order
 * e-mail renders the same texts. Texts, colours and QR code come from @shop/legal-notices.
 * `headingLevel` fits the notice into the page's outline (default 2).
 */
export function LegalGuaranteeNotice({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  const notice = LEGAL_GUARANTEE_NOTICE;
  const box = EU_GUARANTEE_QR.size + 2 * QR_QUIET_ZONE;
  return (
    <aside className="shop-guarantee-notice" style={COLOUR_PROPERTIES} aria-labelledby={headingId} data-testid="legal-guarantee-notice">
      <div className="shop-guarantee-notice__mark" aria-hidden="true">
        <span>{notice.badge}</span>
      </div>
      <div className="shop-guarantee-notice__body">
        <Heading id={headingId} className="shop-guarantee-notice__heading">
          {notice.heading} <span className="shop-guarantee-notice__subheading">{notice.subheading}</span>
        </Heading>
        <ul>
          {notice.points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <a href={EU_GUARANTEE_INFO_URL} target="_blank" rel="noopener noreferrer">
          {notice.moreInfo} (europa.eu, neues Fenster)
        </a>
      </div>
      <svg
        className="shop-guarantee-notice__qr"
        viewBox={`${-QR_QUIET_ZONE} ${-QR_QUIET_ZONE} ${box} ${box}`}
        role="img"
        aria-label={notice.qrAlt}
      >
        <rect x={-QR_QUIET_ZONE} y={-QR_QUIET_ZONE} width={box} height={box} fill="#fff" />
        <path d={EU_GUARANTEE_QR.path} fill="#000" shapeRendering="crispEdges" />
      </svg>
    </aside>
  );
}

/**
 * The harmonised label of a producer's commercial durability guarantee (Implementing Regulation
 * (EU) 2025/1960), for a product whose guarantee runs longer than two years (`years`, whole
 * years; the product field set in the admin editor). Renders nothing for null or ≤ 2.
 */
export function DurabilityGuaranteeLabel({ years }: { years: number | null | undefined }) {
  const label = durabilityGuaranteeLabel(years);
  if (!label) return null;
  return (
    <div className="shop-guarantee-label" style={COLOUR_PROPERTIES} data-testid="durability-guarantee-label">
      <div className="shop-guarantee-notice__mark" aria-hidden="true">
        <span>{label.badge}</span>
      </div>
      <p>
        <strong>{label.heading}: </strong>
        {label.text}
      </p>
    </div>
  );
}
