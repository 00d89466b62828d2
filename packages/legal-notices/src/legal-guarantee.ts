/**
 * The harmonised notice on the legal guarantee of conformity (Art. 22a Directive 2011/83/EU as
 * amended by Directive (EU) 2024/825; design and content: Implementing Regulation (EU)
 * 2025/1960, in force since 27.09.2026; legal-de.md §4.16). A distance seller shows it
 * prominently, in colour, before the consumer is bound by the order.
 *
 * The content elements are the ones the regulation prescribes for the notice: the existence of
 * the legal guarantee, its minimum duration of two years, the remedies, a general reference to
 * national law that may give more, and that sellers and producers may offer commercial
 * guarantees in addition, plus a QR code and link to the Commission's information page. The
 * German wording and artwork published in the Annex of the regulation are the reference: the
 * operator's lawyer compares them before launch (docs/legal-open-points.md).
 */

/** Minimum duration of the legal guarantee of conformity under EU law, in years (Art. 10 Directive (EU) 2019/771). */
export const LEGAL_GUARANTEE_MINIMUM_YEARS = 2;

/** The Commission's page on guarantees (Your Europe, German), target of the notice's QR code and link. */
export const EU_GUARANTEE_INFO_URL = 'https://europa.eu/youreurope/citizens/consumers/shopping/guarantees-returns/index_de.htm';

/** Colours of the notice (the EU's blue and yellow); shown in colour, never restyled per shop. */
export const LEGAL_GUARANTEE_COLOURS = { blue: '#003399', yellow: '#ffcc00', text: '#0b1f4d', background: '#ffffff' } as const;

/** The notice's texts, German. Rendered by @shop/ui's LegalGuaranteeNotice and by the order e-mail. */
export const LEGAL_GUARANTEE_NOTICE = {
  /** The marker in the notice's corner. */
  badge: `${LEGAL_GUARANTEE_MINIMUM_YEARS} Jahre`,
  heading: 'Gesetzliche Gewährleistung',
  subheading: `mindestens ${LEGAL_GUARANTEE_MINIMUM_YEARS} Jahre`,
  points: [
    `Nach EU-Recht haften Verkäufer mindestens ${LEGAL_GUARANTEE_MINIMUM_YEARS} Jahre ab Lieferung dafür, dass die Ware vertragsgemäß ist.`,
    'Ist die Ware mangelhaft, haben Sie Anspruch auf kostenlose Reparatur oder Ersatz. Ist das nicht möglich oder gelingt es nicht, können Sie eine Preisminderung verlangen oder vom Vertrag zurücktreten und Ihr Geld zurückerhalten.',
    'Nach nationalem Recht können Ihnen weitere Rechte zustehen, auch eine längere Dauer.',
    'Verkäufer und Hersteller können zusätzlich gewerbliche Garantien anbieten, zum Beispiel eine Haltbarkeitsgarantie. Diese ersetzen die gesetzliche Gewährleistung nicht.',
  ],
  moreInfo: 'Mehr über Ihre Rechte nach EU-Recht',
  qrAlt: 'QR-Code zur Informationsseite der Europäischen Union über Gewährleistung und Garantien',
} as const;

/**
 * The harmonised label of a commercial guarantee of durability (Art. 22a(3) Directive 2011/83/EU;
 * Implementing Regulation (EU) 2025/1960): shown for a product whose producer guarantees its
 * durability for longer than the legal guarantee. `years` is whole years; null or ≤ 2 gives null
 * (no label: a durability guarantee up to two years adds nothing to the legal one).
 */
export function durabilityGuaranteeLabel(years: number | null | undefined): { badge: string; heading: string; text: string } | null {
  if (years == null || !Number.isInteger(years) || years <= LEGAL_GUARANTEE_MINIMUM_YEARS) return null;
  return {
    badge: `${years} Jahre`,
    heading: 'Haltbarkeitsgarantie des Herstellers',
    text: `Der Hersteller garantiert die Haltbarkeit dieser Ware für ${years} Jahre ab Lieferung. Sie gilt zusätzlich zur gesetzlichen Gewährleistung von mindestens ${LEGAL_GUARANTEE_MINIMUM_YEARS} Jahren.`,
  };
}
