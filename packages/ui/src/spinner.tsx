/** Busy indicator with an accessible label (German, read by screen readers). */
export function Spinner({ label = 'Wird geladen…' }: { label?: string }) {
  return (
    <span role="status" aria-live="polite" style={{ display: 'inline-flex', alignItems: 'center', gap: '0.5rem' }}>
      <span className="shop-spinner" aria-hidden="true" />
      <span className="shop-visually-hidden">{label}</span>
    </span>
  );
}
