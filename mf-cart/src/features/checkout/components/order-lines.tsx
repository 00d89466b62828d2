import { formatEurDecimal } from '@shop/format';

/** The bought lines as a read-only list: quantity, name, line total. */
export function OrderLines({ lines }: { lines: Array<{ key: string; name: string; quantity: number; lineTotal: string }> }) {
  return (
    <ul className="order-lines" data-testid="order-lines">
      {lines.map((line) => (
        <li key={line.key}>
          <span>
            {line.quantity} × {line.name}
          </span>
          <span>{formatEurDecimal(line.lineTotal)}</span>
        </li>
      ))}
    </ul>
  );
}
