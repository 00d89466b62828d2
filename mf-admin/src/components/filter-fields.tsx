import { useId, type FormEvent, type ReactNode } from 'react';
import { Button } from '@shop/ui';

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

/**
 * A list screen's filter form (the address keeps the filters: useListAddress's `submitFilters`):
 * its fields, then the submit button (`submitLabel`, 'Filtern' unless set). `search` marks it as
 * the list's search landmark.
 */
export function ListFilters({
  onSubmit,
  submitLabel = 'Filtern',
  search = true,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel?: string;
  search?: boolean;
  children: ReactNode;
}) {
  return (
    <form className="admin-filters" role={search ? 'search' : undefined} onSubmit={onSubmit}>
      {children}
      <Button type="submit" variant="secondary">
        {submitLabel}
      </Button>
    </form>
  );
}

/** A search field of a list filter, kept in the address under `name`. */
export function SearchFilter({ name, label, defaultValue }: { name: string; label: string; defaultValue?: string }) {
  const id = useId();
  return (
    <div className="shop-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="search" defaultValue={defaultValue ?? ''} />
    </div>
  );
}

/** A select of a list filter (value → German label), kept in the address under `name`. */
export function SelectFilter({
  name,
  label,
  labels,
  defaultValue,
}: {
  name: string;
  label: string;
  labels: Readonly<Record<string, string>>;
  defaultValue?: string;
}) {
  const id = useId();
  return (
    <div className="shop-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={defaultValue}>
        <Options labels={labels} />
      </select>
    </div>
  );
}
