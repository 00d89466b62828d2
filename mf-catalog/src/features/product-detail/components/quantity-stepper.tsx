/** Quantity stepper (spec §5): starts at 1, minus disabled at 1, no upper bound shown. */
export function QuantityStepper({ value, onChange, label }: { value: number; onChange: (value: number) => void; label: string }) {
  return (
    <div className="stepper" role="group" aria-label={label}>
      <button type="button" aria-label="Menge verringern" disabled={value <= 1} onClick={() => onChange(Math.max(1, value - 1))}>
        −
      </button>
      <output aria-live="polite" aria-label="Menge">
        {value}
      </output>
      <button type="button" aria-label="Menge erhöhen" onClick={() => onChange(value + 1)}>
        +
      </button>
    </div>
  );
}
