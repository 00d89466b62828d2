import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailed, Spinner } from '@shop/ui';
import { Pager } from './pager';

/**
 * A paged admin list read with TanStack Query: the spinner, the German load error with 'Erneut
 * versuchen', the empty text, the count, the table (rows turn into cards on phones, each cell
 * labelled by its `data-label`) and the pager.
 */
export function AdminTable<T extends { total: number }>({
  query,
  rowsOf,
  texts,
  columns,
  page,
  perPage,
  onPage,
  children,
}: {
  query: UseQueryResult<T>;
  rowsOf: (data: T) => unknown[];
  texts: { loading: string; failed: string; empty: string; count: (total: number) => string; caption: string };
  columns: string[];
  page: number;
  perPage: number;
  onPage: (page: number) => void;
  /** The body rows (`<tr>`s) of the loaded data. */
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={texts.loading} />;
  if (query.isError) return <LoadFailed message={texts.failed} onRetry={() => void query.refetch()} />;
  if (rowsOf(query.data).length === 0) return <p>{texts.empty}</p>;
  const pages = Math.max(1, Math.ceil(query.data.total / perPage));
  return (
    <>
      <p>{texts.count(query.data.total)}</p>
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
        <tbody>{children(query.data)}</tbody>
      </table>
      <Pager page={page} pages={pages} onPage={onPage} />
    </>
  );
}
