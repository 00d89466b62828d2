import type { Order } from '@shop/contracts';
import { ORDER_STATUS_LABELS, type ReceiptRow } from '@shop/cart-rules';

/** Labelled amounts or details (totals, bank details) as a definition list. */
export function Rows({ rows, testId }: { rows: ReceiptRow[]; testId?: string }) {
  return (
    <dl className="account-order__rows" data-testid={testId}>
      {rows.map(({ label, value, kind }) => (
        <div key={label} className={kind ? `account-order__row--${kind}` : undefined}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The order's status as a coloured badge ('Zahlung ausstehend', 'Versandt', …). */
export function OrderStatusBadge({ status }: { status: Order['status'] }) {
  return (
    <span className={`account-order__status account-order__status--${status.replaceAll('_', '-')}`}>{ORDER_STATUS_LABELS[status]}</span>
  );
}
