import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { create } from 'zustand';
import type { WishlistItem } from '@shop/contracts';
import { WISHLIST_TEXTS } from '@shop/account-rules';
import { errorText } from '@shop/api-client';
import { emit } from '@shop/event-bus';
import { endSessionOn, loadSession, showToast } from '@shop/shell-api';
import { wishlistApi } from '../../api/wishlist-api';

/**
 * The wishlist in the browser (spec §4 'Wishlist: toggle adds if absent, removes
 * if present; requires login'): one query in the page's QueryClient, read when first needed (a
 * heart or the wishlist page asks), not on every page view, and kept until a change or a new
 * login. Every change is announced as 'wishlist:changed', so the catalog's hearts follow without
 * importing this remote.
 */
export const wishlistQuery = queryOptions({
  queryKey: ['account', 'wishlist'] as const,
  /** Logged out (or the session ended meanwhile) the list is empty. */
  queryFn: async (): Promise<WishlistItem[]> => {
    if (!(await loadSession())) return [];
    try {
      return await wishlistApi.list();
    } catch (error) {
      if (!endSessionOn(error)) throw error;
      return [];
    }
  },
  staleTime: Infinity,
});

/** Client state: product ids with a change on its way (their heart is busy). */
export const useWishlistPending = create<{ pending: string[] }>(() => ({ pending: [] }));

/** Spec §8 'Wishlist 401'. */
export const LOGIN_REQUIRED_TOAST = {
  title: WISHLIST_TEXTS.loginRequired.title,
  description: WISHLIST_TEXTS.loginRequired.text,
  variant: 'destructive',
} as const;

/** A failed change: the session ended (spec §8 texts), or 'Fehler' with the service's reason. */
function report(error: unknown): void {
  if (endSessionOn(error)) {
    showToast(LOGIN_REQUIRED_TOAST);
    return;
  }
  showToast({ title: WISHLIST_TEXTS.failed, description: errorText(error, WISHLIST_TEXTS.tryAgain), variant: 'destructive' });
}

/** The wishlist's commands on one QueryClient (the page's; `useWishlistActions` in components). */
export function wishlistActions(client: QueryClient) {
  const store = (items: WishlistItem[]) => {
    client.setQueryData(wishlistQuery.queryKey, items);
    emit('wishlist:changed', { productIds: items.map((item) => item.productId) });
  };
  const productIds = (): string[] => (client.getQueryData(wishlistQuery.queryKey) ?? []).map((item) => item.productId);
  const actions = {
    /** The list, read unless it is in the cache (`force` reads anew: prices and stock as they are now). */
    async load(force = false): Promise<WishlistItem[]> {
      const items = await client.fetchQuery({ ...wishlistQuery, staleTime: force ? 0 : Infinity });
      emit('wishlist:changed', { productIds: items.map((item) => item.productId) });
      return items;
    },

    productIds,

    /** After login or logout: the previous shopper's list is gone; read the new one if it was in use. */
    reset(authenticated: boolean): void {
      const wasInUse = client.getQueryData(wishlistQuery.queryKey) !== undefined;
      client.removeQueries({ queryKey: wishlistQuery.queryKey });
      emit('wishlist:changed', { productIds: [] });
      if (authenticated && wasInUse) void actions.load(true).catch(() => undefined);
    },

    /**
     * Adds the product when absent, removes it when present. Logged out: the 'Anmeldung
     * erforderlich' toast. @returns whether it changed and whether the product is on the list now.
     */
    async toggle(productId: string): Promise<{ ok: boolean; inWishlist: boolean }> {
      const id = productId.toLowerCase();
      const onList = () => productIds().includes(id);
      if (!(await loadSession())) {
        showToast(LOGIN_REQUIRED_TOAST);
        return { ok: false, inWishlist: false };
      }
      if (useWishlistPending.getState().pending.includes(id)) return { ok: false, inWishlist: onList() };
      useWishlistPending.setState((state) => ({ pending: [...state.pending, id] }));
      try {
        const existing = (await actions.load()).find((item) => item.productId === id);
        if (existing) {
          store(await wishlistApi.remove(existing.id));
          showToast({ title: WISHLIST_TEXTS.removed, variant: 'success' });
        } else {
          store(await wishlistApi.add(id));
          showToast({ title: WISHLIST_TEXTS.added, variant: 'success' });
        }
        return { ok: true, inWishlist: onList() };
      } catch (error) {
        report(error);
        return { ok: false, inWishlist: onList() };
      } finally {
        useWishlistPending.setState((state) => ({ pending: state.pending.filter((pendingId) => pendingId !== id) }));
      }
    },

    /** Removes one item (wishlist page). @returns whether it worked. */
    async remove(itemId: string): Promise<boolean> {
      try {
        store(await wishlistApi.remove(itemId));
        showToast({ title: WISHLIST_TEXTS.removed, variant: 'success' });
        return true;
      } catch (error) {
        report(error);
        return false;
      }
    },
  };
  return actions;
}
