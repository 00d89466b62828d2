/** The `<option>`s of a filter select from value → German label. */
export function Options({ labels }: { labels: Readonly<Record<string, string>> }) {
  return (
    <>
      {Object.entries(labels).map(([value, label]) => (
        <option key={value} value={value}>
          {label}
        </option>
      ))}
    </>
  );
}

/** 'von' and 'bis' date fields of a list filter (German calendar days, in the address as YYYY-MM-DD). */
export function DateRangeFields({
  id,
  from,
  to,
  fromLabel = 'Von',
  toLabel = 'Bis',
}: {
  id: string;
  from?: string;
  to?: string;
  fromLabel?: string;
  toLabel?: string;
}) {
  return (
    <>
      <div className="shop-field">
        <label htmlFor={`${id}-from`}>{fromLabel}</label>
        <input id={`${id}-from`} name="von" type="date" defaultValue={from ?? ''} />
      </div>
      <div className="shop-field">
        <label htmlFor={`${id}-to`}>{toLabel}</label>
        <input id={`${id}-to`} name="bis" type="date" defaultValue={to ?? ''} />
      </div>
    </>
  );
}
