import type { AuditListEntry } from '@shop/contracts/admin';
import { formatDateTime } from '@shop/format';
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
};
/** Post states in the log ('status' of a post; orders have their own labels). */
const POST_STATUS_LABELS: Record<string, string> = { draft: 'Entwurf', published: 'Veröffentlicht' };
/** The storefront's presentation modes (the shop settings, § 19 TabakerzG). */
const PRESENTATION_LABELS: Record<string, string> = { factual: 'sachlich', marketing: 'werblich' };

/** A stored value as staff read it: '–' for empty, Ja/Nein, lists joined, long texts shortened. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nein';
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : '–';
  if (typeof value === 'object')
    return Object.entries(value)
      .map(([key, inner]) => `${FIELD_LABELS[key] ?? key} ${valueText(inner)}`)
      .join(', ');
  const text = String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** A changed value: order statuses by their German names, everything else by valueText. */
const fieldValue = (field: string, value: unknown) =>
  field === 'status' && typeof value === 'string' && value in ORDER_STATUS_LABELS
    ? ORDER_STATUS_LABELS[value as keyof typeof ORDER_STATUS_LABELS]
    : field === 'status' && typeof value === 'string' && value in POST_STATUS_LABELS
      ? POST_STATUS_LABELS[value]!
      : field === 'presentationMode' && typeof value === 'string' && value in PRESENTATION_LABELS
        ? PRESENTATION_LABELS[value]!
        : valueText(value);

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
                  {FIELD_LABELS[change.field] ?? change.field}: {fieldValue(change.field, change.before)} →{' '}
                  {fieldValue(change.field, change.after)}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
