import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminCustomerListQuery } from '@shop/contracts/admin';
import { customersApi } from '../../api/customers-api';
import { sharedQueries } from '../../api/shared-queries';

/** The customer screens' server state: their keys in one place (docs/architecture.md: a queryOptions factory per slice). */
export const customersKeys = {
  /** Every page of the customer list (not the single accounts). */
  lists: ['customers'] as const,
  list: (query: Partial<AdminCustomerListQuery>) => [...customersKeys.lists, query] as const,
  detail: (id: string) => ['customer', id] as const,
};

/** Orders a customer page lists: the newest 50 found by the e-mail address. */
const CUSTOMER_ORDERS = 50;

export const customersQueries = {
  /** One page of the list; a new filter or page keeps showing the previous one until it arrives. */
  list: (query: Partial<AdminCustomerListQuery>) =>
    queryOptions({ queryKey: customersKeys.list(query), queryFn: () => customersApi.list(query), placeholderData: keepPreviousData }),
  detail: (id: string) => queryOptions({ queryKey: customersKeys.detail(id), queryFn: () => customersApi.detail(id) }),
  /** The account's orders (cart service), found by its e-mail address: one of the staff order lists. */
  orders: (email: string) => sharedQueries.orders({ search: email, limit: CUSTOMER_ORDERS }),
};
