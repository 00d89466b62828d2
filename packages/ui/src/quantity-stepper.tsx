import type { SyntheticEvent } from 'react';

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
  /**
   * A quantity chosen before adding (the product page): − and + are links to the page with that
   * quantity (`hrefFor(next)`, which the page reads for its first render), so they work before
   * the JavaScript has loaded and without it; once hydrated a click calls `onChange` instead.
   */
  hrefFor?: (next: number) => string;
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
  hrefFor,
}: QuantityStepperProps) {
  const atMax = value >= max;
  const less = minusRemoves ? value - 1 : Math.max(1, value - 1);
  const more = Math.min(max, value + 1);
  /** A step control: a link to the page with `next`, a submit of `next` inside a quantity form, or a plain button. */
  const step = (next: number, enabled: boolean, name: string, text: string, title?: string) => {
    const live = (event: SyntheticEvent) => {
      event.preventDefault();
      onChange(next);
    };
    if (hrefFor && enabled) {
      return (
        <a
          href={hrefFor(next)}
          role="button"
          aria-label={name}
          title={title}
          onClick={live}
          // A button is pressed with Space too.
          onKeyDown={(event) => {
            if (event.key === ' ') live(event);
          }}
        >
          {text}
        </a>
      );
    }
    const kind = submitName
      ? { type: 'submit' as const, name: submitName, value: String(next), onClick: live }
      : { type: 'button' as const, onClick: live };
    return (
      <button aria-label={name} title={title} disabled={!enabled} {...kind}>
        {text}
      </button>
    );
  };
  return (
    <div className="shop-stepper" role="group" aria-label={label}>
      {step(less, !disabled && (minusRemoves || value > 1), 'Menge verringern', '−')}
      <output aria-live="polite" aria-label="Menge">
        {value}
      </output>
      {fieldName && <input type="hidden" name={fieldName} value={value} />}
      {step(more, !disabled && !atMax, 'Menge erhöhen', '+', atMax ? `Höchstens ${max} Stück` : undefined)}
    </div>
  );
}
