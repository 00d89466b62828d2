import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminMediaListQuery } from '@shop/contracts/admin';
import { sharedKeys, sharedQueries } from '../../api/shared-queries';

/** The media library's server state: the library is shared with the image picker (api/shared-queries.ts). */
export const mediaKeys = {
  /** Every page of the library, the picker's too. */
  all: sharedKeys.media,
};

export const mediaQueries = {
  /** One page of the library; a new search or page keeps showing the previous one until it arrives. */
  list: (query: Partial<AdminMediaListQuery>) => queryOptions({ ...sharedQueries.media(query), placeholderData: keepPreviousData }),
};
