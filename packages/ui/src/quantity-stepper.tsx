export interface QuantityStepperProps {
  /** Current quantity (pieces). */
  value: number;
  /** Called with the new quantity; never above `max`, never below 1 unless `minusRemoves`. */
  onChange: (value: number) => void;
  /** Accessible name of the group, e.g. 'Menge' or 'Menge von RandM Tornado 9000 Blueberry'. */
  label: string;
  /** Highest quantity allowed (the line limit of 99, or less when the stock is lower). */
  max: number;
  /**
   * Cart lines: minus at 1 asks for 0, which removes the line (spec §4). Product page: minus is
   * disabled at 1 (spec §5).
   */
  minusRemoves?: boolean;
  /** A line being changed: both buttons disabled (spec §4). */
  disabled?: boolean;
}

/**
 * The shop's one quantity stepper (product page and cart lines): − / value / +, with plus
 * disabled at `max`, so a shopper cannot ask for more than the shop will accept.
 */
export function QuantityStepper({ value, onChange, label, max, minusRemoves = false, disabled = false }: QuantityStepperProps) {
  const atMax = value >= max;
  return (
    <div className="shop-stepper" role="group" aria-label={label}>
      <button
        type="button"
        aria-label="Menge verringern"
        disabled={disabled || (!minusRemoves && value <= 1)}
        onClick={() => onChange(minusRemoves ? value - 1 : Math.max(1, value - 1))}
      >
        −
      </button>
      <output aria-live="polite" aria-label="Menge">
        {value}
      </output>
      <button
        type="button"
        aria-label="Menge erhöhen"
        title={atMax ? `Höchstens ${max} Stück` : undefined}
        disabled={disabled || atMax}
        onClick={() => onChange(Math.min(max, value + 1))}
      >
        +
      </button>
    </div>
  );
}
