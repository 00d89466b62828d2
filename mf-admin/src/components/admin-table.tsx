import { createContext, useContext, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@shop/ui';
import { Pager } from './pager';
import { QueryState } from './query-state';

/**
 * Rows staff pick for one action on several at once (products (de)activated, DHL labels booked):
 * a checkbox column whose head selects every row shown, the count of the chosen ones beside the
 * total, and the `actions` for them.
 */
export interface TableSelection<R> {
  /** The ids of the chosen rows. */
  selected: ReadonlySet<string>;
  onChange: (selected: ReadonlySet<string>) => void;
  idOf: (row: R) => string;
  /** The accessible name of the head's checkbox, e.g. 'Alle Produkte dieser Seite auswählen'. */
  allLabel: string;
  /** What can be done with the selection (buttons), beside the count. */
  actions?: ReactNode;
}

/** The paging of a list read page by page; a list read whole has none (no pager, no page in the caption). */
export interface TablePaging {
  page: number;
  perPage: number;
  onPage: (page: number) => void;
}

const SelectionContext = createContext<Pick<TableSelection<never>, 'selected' | 'onChange'> | null>(null);

/** A row's checkbox cell of an AdminTable with a `selection`; `label` names the row ('RM-2026-000101 auswählen'). */
export function SelectCell({ id, label }: { id: string; label: string }) {
  const selection = useContext(SelectionContext);
  if (!selection) throw new Error('SelectCell: only inside an AdminTable with a selection');
  const { selected, onChange } = selection;
  const toggle = (on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <td className="admin-table__select">
      <input type="checkbox" checked={selected.has(id)} onChange={(event) => toggle(event.target.checked)} aria-label={label} />
    </td>
  );
}

/**
 * An admin list read with TanStack Query: the spinner, the German load error with 'Erneut
 * versuchen', the empty text, the count, the table (rows turn into cards on phones, each cell
 * labelled by its `data-label`) and, for a list read page by page (`paging`), the pager.
 * `layout="grid"` shows the items (`<li>`s) as a grid of cards instead (the media library).
 * With a `selection` the table gets a checkbox column (each row renders its `SelectCell`) and the
 * count becomes a bar with the number chosen and the selection's actions; `notice` shows between
 * that bar and the table (e.g. why the last action failed).
 */
export function AdminTable<T extends { total: number }, R>({
  query,
  rowsOf,
  texts,
  columns = [],
  layout = 'table',
  paging,
  selection,
  notice,
  children,
}: {
  query: UseQueryResult<T>;
  rowsOf: (data: T) => R[];
  texts: { loading: string; failed: string; empty: string; count: (total: number, data: T) => string; caption: string };
  columns?: string[];
  layout?: 'table' | 'grid';
  paging?: TablePaging;
  selection?: TableSelection<R>;
  notice?: ReactNode;
  /** The body rows (`<tr>`s) of the loaded data, or the cards (`<li>`s) of a grid. */
  children: (data: T) => ReactNode;
}) {
  return (
    <QueryState query={query} loading={texts.loading} failed={texts.failed}>
      {(data) => {
        const rows = rowsOf(data);
        const pages = paging ? Math.max(1, Math.ceil(data.total / paging.perPage)) : 1;
        if (rows.length === 0)
          return (
            <>
              <p>{texts.empty}</p>
              {/* A page past the end of a list that shrank meanwhile (rows changed, filtered away): one step back to its end. */}
              {paging && paging.page > 1 && (
                <Button variant="secondary" onClick={() => paging.onPage(pages)}>
                  {pages > 1 ? `Zur letzten Seite (${pages})` : 'Zur ersten Seite'}
                </Button>
              )}
            </>
          );
        const caption = paging ? `${texts.caption}, Seite ${paging.page} von ${pages}` : texts.caption;
        const ids = selection ? rows.map(selection.idOf) : [];
        return (
          <>
            {selection ? (
              <div className="admin-bulk-bar" aria-live="polite">
                <span>
                  {texts.count(data.total, data)}
                  {selection.selected.size > 0 && ` · ${selection.selected.size} ausgewählt`}
                </span>
                {selection.actions}
              </div>
            ) : (
              <p>{texts.count(data.total, data)}</p>
            )}
            {notice}
            {layout === 'grid' ? (
              <ul className="admin-grid" aria-label={caption} aria-busy={query.isFetching}>
                {children(data)}
              </ul>
            ) : (
              <table className="admin-table" aria-busy={query.isFetching}>
                <caption className="shop-visually-hidden">{caption}</caption>
                <thead>
                  <tr>
                    {selection && (
                      <th scope="col" className="admin-table__select">
                        <input
                          type="checkbox"
                          checked={ids.every((id) => selection.selected.has(id))}
                          onChange={(event) => selection.onChange(new Set(event.target.checked ? ids : []))}
                          aria-label={selection.allLabel}
                        />
                      </th>
                    )}
                    {columns.map((column) => (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <SelectionContext.Provider value={selection ?? null}>
                  <tbody>{children(data)}</tbody>
                </SelectionContext.Provider>
              </table>
            )}
            {paging && <Pager page={paging.page} pages={pages} onPage={paging.onPage} />}
          </>
        );
      }}
    </QueryState>
  );
}
