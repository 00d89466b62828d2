import { queryOptions } from '@tanstack/react-query';
import type { RemoteName } from '@shop/contracts';
import { releasesApi } from '../../api/releases-api';

/** The live versions' server state: their keys in one place (docs/architecture.md: a queryOptions factory per slice). */
export const releasesKeys = {
  ofSlice: (slice: RemoteName) => ['releases', slice] as const,
};

export const releasesQueries = {
  /** One slice's versions: live, canary, published, history. */
  ofSlice: (slice: RemoteName) => queryOptions({ queryKey: releasesKeys.ofSlice(slice), queryFn: () => releasesApi.ofSlice(slice) }),
};
