import type { AuditEntry } from '@shop/contracts';
import { formatDateTime } from '@shop/format';
import { PRODUCT_FIELD_LABELS } from '../products/product-labels';

const ENTITY_LABELS: Record<string, string> = { product: 'Produkt' };
const ACTION_LABELS: Record<string, string> = {
  create: 'angelegt',
  update: 'geändert',
  activate: 'aktiviert',
  deactivate: 'deaktiviert',
  'set-price': 'Kategoriepreis gesetzt',
  'compliance-override': 'trotz rechtlicher Hinweise freigegeben',
};
const ROLE_LABELS: Record<string, string> = { admin: 'Admin', manager: 'Manager' };
const FIELD_LABELS: Record<string, string> = PRODUCT_FIELD_LABELS;

/** A stored value as staff read it: '–' for empty, Ja/Nein, lists joined, long texts shortened. */
function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '–';
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nein';
  if (Array.isArray(value)) return value.length ? value.map(valueText).join(', ') : '–';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/** Audit entries, newest first: when, who, what, and each changed field before → after (issue #13). */
export function AuditList({ entries }: { entries: AuditEntry[] }) {
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
              {formatDateTime(new Date(entry.at))} · {ROLE_LABELS[entry.actorRole] ?? entry.actorRole} {entry.actorId.slice(-6)}
            </span>
          </p>
          {entry.reason && <p>Begründung: „{entry.reason}“</p>}
          {entry.changes.length > 0 && (
            <ul className="admin-audit__changes">
              {entry.changes.map((change) => (
                <li key={change.field}>
                  {FIELD_LABELS[change.field] ?? change.field}: {valueText(change.before)} → {valueText(change.after)}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
