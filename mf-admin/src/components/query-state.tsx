import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { LoadFailed, Spinner } from '@shop/ui';

/**
 * What a screen shows for one TanStack query: the spinner with `loading` while it loads, the
 * German `failed` message with 'Erneut versuchen' when it failed, else `children` with the data.
 */
export function QueryState<T>({
  query,
  loading,
  failed,
  children,
}: {
  query: UseQueryResult<T>;
  loading: string;
  failed: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loading} />;
  if (query.isError) return <LoadFailed message={failed} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
