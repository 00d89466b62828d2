import { create } from 'zustand';
import type { WishlistItem } from '@shop/contracts';
import { ApiError } from '@shop/api-client';
import { emit } from '@shop/event-bus';
import { clearSession, loadSession, showToast } from '@shop/shell-api';
import { wishlistApi } from '../../api/wishlist-api';

/**
 * The wishlist in the browser (issue #11; spec §4 'Wishlist: toggle adds if absent, removes if
 * present; requires login'). Loaded when first needed (a heart or the wishlist page asks), not
 * on every page view. Every change is announced as 'wishlist:changed', so the catalog's hearts
 * follow without importing this remote.
 */
interface WishlistState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: WishlistItem[];
  /** Product ids with a change on its way (their heart is busy). */
  pending: string[];
}

export const useWishlist = create<WishlistState>(() => ({ status: 'idle', items: [], pending: [] }));

/** Spec §8 'Wishlist 401'. */
export const LOGIN_REQUIRED_TOAST = {
  title: 'Anmeldung erforderlich',
  description: 'Bitte melden Sie sich an, um Produkte zur Wunschliste hinzuzufügen.',
  variant: 'destructive',
} as const;

function store(items: WishlistItem[]): void {
  useWishlist.setState({ status: 'ready', items });
  emit('wishlist:changed', { productIds: items.map((item) => item.productId) });
}

/** A failed call: 401 means the session ended (spec §8 texts), anything else is 'Fehler' with the server's reason. */
function report(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) {
    clearSession();
    showToast(LOGIN_REQUIRED_TOAST);
    return;
  }
  const description = error instanceof ApiError && error.status < 500 ? error.serverMessage : 'Bitte versuchen Sie es erneut.';
  showToast({ title: 'Fehler', description, variant: 'destructive' });
}

let loading: Promise<void> | null = null;

export const wishlistActions = {
  /** Reads the list (GET /api/wishlist) unless it is loaded; logged out it is empty. */
  load(force = false): Promise<void> {
    const { status } = useWishlist.getState();
    if (!force && status === 'ready') return Promise.resolve();
    loading ??= (async () => {
      useWishlist.setState({ status: 'loading' });
      try {
        const user = await loadSession();
        store(user ? await wishlistApi.list() : []);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          clearSession();
          store([]);
        } else useWishlist.setState({ status: 'error' });
      }
    })().finally(() => (loading = null));
    return loading;
  },

  /** After login or logout: the previous shopper's list is gone; read the new one if it was in use. */
  reset(authenticated: boolean): void {
    const wasInUse = useWishlist.getState().status !== 'idle';
    store([]);
    useWishlist.setState({ status: 'idle' });
    if (authenticated && wasInUse) void wishlistActions.load(true);
  },

  productIds: (): string[] => useWishlist.getState().items.map((item) => item.productId),

  /**
   * Adds the product when absent, removes it when present. Logged out: the 'Anmeldung
   * erforderlich' toast. @returns whether it changed and whether the product is on the list now.
   */
  async toggle(productId: string): Promise<{ ok: boolean; inWishlist: boolean }> {
    const id = productId.toLowerCase();
    const onList = () => wishlistActions.productIds().includes(id);
    if (!(await loadSession())) {
      showToast(LOGIN_REQUIRED_TOAST);
      return { ok: false, inWishlist: false };
    }
    await wishlistActions.load();
    if (useWishlist.getState().pending.includes(id)) return { ok: false, inWishlist: onList() };
    useWishlist.setState((state) => ({ pending: [...state.pending, id] }));
    const existing = useWishlist.getState().items.find((item) => item.productId === id);
    try {
      if (existing) {
        store(await wishlistApi.remove(existing.id));
        showToast({ title: 'Von der Wunschliste entfernt', variant: 'success' });
      } else {
        store(await wishlistApi.add(id));
        showToast({ title: 'Zur Wunschliste hinzugefügt', variant: 'success' });
      }
      return { ok: true, inWishlist: onList() };
    } catch (error) {
      report(error);
      return { ok: false, inWishlist: onList() };
    } finally {
      useWishlist.setState((state) => ({ pending: state.pending.filter((pendingId) => pendingId !== id) }));
    }
  },

  /** Removes one item (wishlist page). @returns whether it worked. */
  async remove(itemId: string): Promise<boolean> {
    try {
      store(await wishlistApi.remove(itemId));
      showToast({ title: 'Von der Wunschliste entfernt', variant: 'success' });
      return true;
    } catch (error) {
      report(error);
      return false;
    }
  },
};
