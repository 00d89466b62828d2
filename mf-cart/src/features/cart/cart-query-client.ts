import { QueryClient } from '@tanstack/react-query';

/**
 * The cart remote's one QueryClient, shared by its header widget and its pages (both exposes run
 * in the same remote container): server state (the cart, orders) lives here; zustand keeps only
 * client state (cart-ui-store.ts). The cart is read when a page or the widget asks (`load`),
 * not refetched on focus, and not retried (a failed load shows 'Erneut versuchen').
 */
export const cartQueryClient = new QueryClient({
  defaultOptions: { queries: { refetchOnWindowFocus: false, retry: false, staleTime: Infinity }, mutations: { retry: false } },
});
