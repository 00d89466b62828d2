import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminProductListQuery } from '@shop/contracts/admin';
import { productsApi } from '../../api/products-api';
import { sharedQueries } from '../../api/shared-queries';

/** The product screens' server state: their keys in one place (docs/architecture.md: a queryOptions factory per slice). */
export const productsKeys = {
  /** Every page of the product table (not the single products). */
  lists: ['admin-products'] as const,
  list: (query: AdminProductListQuery) => [...productsKeys.lists, query] as const,
  detail: (id: string) => ['admin-product', id] as const,
};

export const productsQueries = {
  /** One page of the table; a new filter, sort or page keeps showing the previous one until it arrives. */
  list: (query: AdminProductListQuery) =>
    queryOptions({ queryKey: productsKeys.list(query), queryFn: () => productsApi.list(query), placeholderData: keepPreviousData }),
  detail: (id: string) => queryOptions({ queryKey: productsKeys.detail(id), queryFn: () => productsApi.detail(id) }),
  /** The categories for the filter and the editor (shared with the shipping settings). */
  categories: sharedQueries.categories,
};
