import { formatEurDecimal } from '@shop/format';
import { DurabilityGuaranteeLabel } from '@shop/ui';

/** One read-only line: `lineTotal` a two-decimal EUR string; `details` its essential characteristics. */
export interface OrderLine {
  key: string;
  name: string;
  quantity: number;
  lineTotal: string;
  details?: string;
  /** The producer's durability guarantee in years (Product.durabilityGuaranteeYears): its EU label under the line when over 2. */
  durabilityGuaranteeYears?: number | null;
}

/**
 * The bought lines as a read-only list: quantity, name, line total, and optionally the essential
 * characteristics (on the review step directly above the order button, § 312j Abs. 2 BGB) and
 * the EU durability guarantee label of a line that has one.
 */
export function OrderLines({ lines }: { lines: OrderLine[] }) {
  return (
    <ul className="cart-order-lines" data-testid="order-lines">
      {lines.map((line) => (
        <li key={line.key}>
          <span>
            {line.quantity} × {line.name}
            {line.details && <span className="cart-order-lines__details">{line.details}</span>}
            <DurabilityGuaranteeLabel years={line.durabilityGuaranteeYears} />
          </span>
          <span>{formatEurDecimal(line.lineTotal)}</span>
        </li>
      ))}
    </ul>
  );
}
