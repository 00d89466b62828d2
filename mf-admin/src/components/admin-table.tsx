import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Pager } from './pager';
import { QueryState } from './query-state';

/**
 * A paged admin list read with TanStack Query: the spinner, the German load error with 'Erneut
 * versuchen', the empty text, the count, the table (rows turn into cards on phones, each cell
 * labelled by its `data-label`) and the pager. `layout="grid"` shows the items (`<li>`s) as a
 * grid of cards instead (the media library).
 */
export function AdminTable<T extends { total: number }>({
  query,
  rowsOf,
  texts,
  columns = [],
  layout = 'table',
  page,
  perPage,
  onPage,
  children,
}: {
  query: UseQueryResult<T>;
  rowsOf: (data: T) => unknown[];
  texts: { loading: string; failed: string; empty: string; count: (total: number) => string; caption: string };
  columns?: string[];
  layout?: 'table' | 'grid';
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  /** The body rows (`<tr>`s) of the loaded data, or the cards (`<li>`s) of a grid. */
  children: (data: T) => ReactNode;
}) {
  return (
    <QueryState query={query} loading={texts.loading} failed={texts.failed}>
      {(data) => {
        if (rowsOf(data).length === 0) return <p>{texts.empty}</p>;
        const pages = Math.max(1, Math.ceil(data.total / perPage));
        return (
          <>
            <p>{texts.count(data.total)}</p>
            {layout === 'grid' ? (
              <ul className="admin-grid" aria-label={`${texts.caption}, Seite ${page} von ${pages}`} aria-busy={query.isFetching}>
                {children(data)}
              </ul>
            ) : (
              <table className="admin-table" aria-busy={query.isFetching}>
                <caption className="shop-visually-hidden">
                  {texts.caption}, Seite {page} von {pages}
                </caption>
                <thead>
                  <tr>
                    {columns.map((column) => (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>{children(data)}</tbody>
              </table>
            )}
            <Pager page={page} pages={pages} onPage={onPage} />
          </>
        );
      }}
    </QueryState>
  );
}
