import type { MouseEvent } from 'react';

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
  /**
   * Inside a form whose server endpoint sets the quantity (a cart line): − and + are submit
   * buttons named `submitName` with the quantity they ask for as value, so they work before
   * the JavaScript has loaded and without it; once hydrated a click calls `onChange` instead.
   */
  submitName?: string;
  /** Inside a form that sends the chosen quantity (add to cart): a hidden field of this name carries it. */
  fieldName?: string;
}

/**
 * The shop's one quantity stepper (product page and cart lines): − / value / +, with plus
 * disabled at `max`, so a shopper cannot ask for more than the shop will accept.
 */
export function QuantityStepper({
  value,
  onChange,
  label,
  max,
  minusRemoves = false,
  disabled = false,
  submitName,
  fieldName,
}: QuantityStepperProps) {
  const atMax = value >= max;
  const less = minusRemoves ? value - 1 : Math.max(1, value - 1);
  const more = Math.min(max, value + 1);
  /** A step button: a submit of `next` inside a quantity form, else a plain button. */
  const step = (next: number) =>
    submitName
      ? {
          type: 'submit' as const,
          name: submitName,
          value: String(next),
          onClick: (event: MouseEvent<HTMLButtonElement>) => {
            event.preventDefault();
            onChange(next);
          },
        }
      : { type: 'button' as const, onClick: () => onChange(next) };
  return (
    <div className="shop-stepper" role="group" aria-label={label}>
      <button aria-label="Menge verringern" disabled={disabled || (!minusRemoves && value <= 1)} {...step(less)}>
        −
      </button>
      <output aria-live="polite" aria-label="Menge">
        {value}
      </output>
      {fieldName && <input type="hidden" name={fieldName} value={value} />}
      <button aria-label="Menge erhöhen" title={atMax ? `Höchstens ${max} Stück` : undefined} disabled={disabled || atMax} {...step(more)}>
        +
      </button>
    </div>
  );
}
