import type { AuditListEntry } from '@shop/contracts/admin';
import { formatDateTime, formatEur, formatEurDecimal, formatIsoDate } from '@shop/format';
import { ORDER_STATUS_LABELS } from '@shop/cart-rules';
import { PRODUCT_FIELD_LABELS } from '../lib/product-labels';
import { roleLabel } from '../lib/role-labels';
import { actorWithoutAccount } from '../lib/actor-without-account';

const ENTITY_LABELS: Record<string, string> = {
  product: 'Produkt',
  order: 'Bestellung',
  promotion: 'Gutscheincode',
  customer: 'Kundenkonto',
  post: 'Blogbeitrag',
  page: 'Seite',
  media: 'Bild',
  release: 'Live-Version',
  settings: 'Shop-Einstellungen',
};
const ACTION_LABELS: Record<string, string> = {
  create: 'angelegt',
  update: 'geändert',
  activate: 'aktiviert',
  deactivate: 'deaktiviert',
  'set-price': 'Kategoriepreis gesetzt',
  'compliance-override': 'trotz rechtlicher Hinweise freigegeben',
  'mark-paid': 'als bezahlt verbucht',
  ship: 'versandt',
  deliver: 'als zugestellt verbucht',
  cancel: 'storniert',
  'refund-withdrawal': 'Widerruf erstattet',
  block: 'gesperrt',
  unblock: 'entsperrt',
  'role-change': 'Rolle geändert',
  erase: 'auf Wunsch gelöscht',
  publish: 'veröffentlicht',
  unpublish: 'zurückgezogen',
  'save-draft': 'Entwurf gespeichert',
  'discard-draft': 'Entwurf verworfen',
  delete: 'gelöscht',
  online: 'online gestellt',
  offline: 'offline genommen',
  promote: 'freigegeben',
  rollback: 'zurückgesetzt',
  canary: 'als Canary für einen Teil der Besucher live',
  'canary-stop': 'Canary beendet',
  retire: 'nach der Aufbewahrungsregel entfernt',
  republish: 'erneut veröffentlicht',
  'dhl-label-validate': 'DHL-Label von DHL geprüft',
  'dhl-label-book': 'DHL-Label gebucht',
  'dhl-label-cancel': 'DHL-Label storniert',
  'dhl-label-resolve': 'DHL-Label im Geschäftskundenportal geklärt',
  'dhl-close-out': 'Tagesabschluss bei DHL',
  'delivery-issue': 'Zustellproblem von DHL gemeldet',
  'cod-payout': 'DHL-Auszahlung der Nachnahme verbucht',
};
const FIELD_LABELS: Record<string, string> = {
  ...PRODUCT_FIELD_LABELS,
  status: 'Status',
  role: 'Rolle',
  paymentReceived: 'Zahlungseingang',
  trackingNumber: 'Sendungsnummer',
  dhl: 'Antwort von DHL',
  deliveryIssue: 'Zustellproblem',
  deliveredOn: 'Zugestellt am',
  payoutOn: 'DHL-Auszahlung gebucht am',
  cashOnDelivery: 'Nachnahme',
  cancellationNote: 'Stornogrund',
  refund: 'Erstattung',
  receivedOn: 'Eingang',
  amount: 'Betrag',
  note: 'Notiz',
  refundedOn: 'erstattet am',
  blocked: 'Gesperrt',
  code: 'Code',
  percent: 'Prozent',
  usageLimit: 'Einlösungen insgesamt',
  perCustomerLimit: 'Einlösungen pro Kunde',
  minOrderValue: 'Mindestbestellwert',
  validFrom: 'Gültig ab',
  validUntil: 'Gültig bis',
  title: 'Titel',
  slug: 'Adresse',
  excerpt: 'Kurzfassung',
  body: 'Text',
  categorySlug: 'Kategorie',
  coverImage: 'Titelbild',
  author: 'Autor',
  seoTitle: 'Seitentitel',
  seoDescription: 'Suchmaschinen-Beschreibung',
  publishedAt: 'Veröffentlicht am',
  textVersion: 'Fassung',
  alt: 'Alternativtext',
  fileName: 'Dateiname',
  width: 'Breite (px)',
  height: 'Höhe (px)',
  online: 'Online',
  liveVersion: 'Live-Version',
  canary: 'Canary',
  retired: 'Entfernte Versionen',
  presentationMode: 'Darstellung',
  reviewsEnabled: 'Kundenbewertungen',
  ageCheck: 'Altersprüfung bei Zustellung',
  packagingGrams: 'Verpackung (g)',
  defaultItemGrams: 'Gewicht je Stück (g)',
  categoryItemGrams: 'Gewicht je Stück nach Kategorie',
  category: 'Kategorie',
  grams: 'g',
  printFormat: 'Druckformat',
  enabled: 'angeboten',
  feeCents: 'Gebühr',
  maxTotalCents: 'bis Bestellwert',
  accountReference: 'DHL-Kontoreferenz',
};
/** Post states in the log ('status' of a post; orders have their own labels). */
const POST_STATUS_LABELS: Record<string, string> = { draft: 'Entwurf', published: 'Veröffentlicht' };
/** The storefront's presentation modes (the shop settings, § 19 TabakerzG). */
const PRESENTATION_LABELS: Record<string, string> = { factual: 'sachlich', marketing: 'werblich' };
/** DHL's age checks at the door (the shipping settings, contracts delivery.ts). */
const AGE_CHECK_LABELS: Record<string, string> = { identCheck: 'Ident-Check', visualCheckOfAge: 'Alterssichtprüfung 18+' };
/** Values of these fields name one of a few codes: shown by their German names. */
const CODE_LABELS: Record<string, Record<string, string>> = {
  status: { ...ORDER_STATUS_LABELS, ...POST_STATUS_LABELS },
  presentationMode: PRESENTATION_LABELS,
  ageCheck: AGE_CHECK_LABELS,
};
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An API amount ('38.97', EUR). */
const DECIMAL_AMOUNT = /^\d+\.\d{2}$/;

/**
 * A stored value as staff read it: '–' for empty, Ja/Nein, lists joined, days and EUR amounts in
 * German notation (a field ending in 'Cents' holds cents), codes by their German names, long texts
 * shortened; `field` is the value's field (or key inside a recorded object).
 */
function valueText(value: unknown, field = ''): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nein';
  if (Array.isArray(value)) return value.length ? value.map((inner) => valueText(inner, field)).join(', ') : '–';
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([key, inner]) => `${FIELD_LABELS[key] ?? key} ${valueText(inner, key)}`)
      .join(', ');
  if (typeof value === 'number' && field.endsWith('Cents')) return formatEur(value);
  const text = String(value);
  const code = CODE_LABELS[field]?.[text];
  if (code) return code;
  if (ISO_DAY.test(text)) return formatIsoDate(text);
  if (DECIMAL_AMOUNT.test(text)) return formatEurDecimal(text);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** Audit entries, newest first: when, who, what, and each changed field before → after. */
export function AuditList({ entries }: { entries: AuditListEntry[] }) {
  if (!entries.length) return <p>Keine Einträge.</p>;
  return (
    <ol className="admin-audit" data-testid="audit-list">
      {entries.map((entry) => (
        <li key={entry.id} className="admin-audit__entry">
          <p className="admin-audit__head">
            <strong>
              {ENTITY_LABELS[entry.entity] ?? entry.entity} „{entry.label}“ {ACTION_LABELS[entry.action] ?? entry.action}
            </strong>
            <span>
              {formatDateTime(new Date(entry.at))} ·{' '}
              {entry.actorName
                ? `${entry.actorName} (${roleLabel(entry.actorRole)})`
                : (actorWithoutAccount(entry.actorId) ?? `${roleLabel(entry.actorRole)} ${entry.actorId.slice(-6)}`)}
            </span>
          </p>
          {entry.reason && <p>Begründung: „{entry.reason}“</p>}
          {entry.changes.length > 0 && (
            <ul className="admin-audit__changes">
              {entry.changes.map((change) => (
                <li key={change.field}>
                  {FIELD_LABELS[change.field] ?? change.field}: {valueText(change.before, change.field)} →{' '}
                  {valueText(change.after, change.field)}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
