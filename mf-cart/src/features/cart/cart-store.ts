import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { MAX_LINE_QUANTITY, type CartResponse } from '@shop/contracts';
import { ApiError } from '@shop/api-client';
import { emit } from '@shop/event-bus';
import { showToast } from '@shop/shell-api';
import { cartApi } from '../../api/cart-api';
import { isEmbedded, localCartBackend, readLocalCart, type CartBackend } from './local-cart';
import { CART_ACTION_FAILED, cartErrorReason } from './cart-errors';
import { lineQuantityMessage, promoSavingLabel } from '@shop/cart-rules';

interface CartState {
  cart: CartResponse | null;
  loading: boolean;
  loadError: string | null;
  /** Line items being changed (spinner, buttons disabled; spec §4). */
  busyItemIds: string[];
  drawerOpen: boolean;
  /** 'local' inside an embedded frame whose cookies do not work (spec §4); else 'server'. */
  mode: 'server' | 'local';
}

/** Server message of an API error ('400: Text' → 'Text'). */
export const serverMessage = (error: unknown) => (error instanceof ApiError ? error.serverMessage : null);

const useCartStore = create<CartState>(() => ({
  cart: null,
  loading: false,
  loadError: null,
  busyItemIds: [],
  drawerOpen: false,
  mode: 'server',
}));

const localBackend = localCartBackend({
  loadProduct: cartApi.product,
  validatePromo: cartApi.validatePromo,
  apiError: (status, message) => new ApiError(status, message, null),
});
/** Where cart calls go: the cart service, or local storage in local mode. */
const backend = (): CartBackend => (useCartStore.getState().mode === 'local' ? localBackend : cartApi);

/**
 * Cart requests are numbered when sent. An answer replaces the cart only if no answer to a
 * later-sent request was applied already: a read that started before a quantity change but
 * answers after it must not put the old quantity back (the next '+' would then count from it).
 */
let sentRequests = 0;
let appliedRequest = 0;
const nextRequest = () => ++sentRequests;

/** Stores a new cart (unless a newer answer is already shown), announces the item count (header badge) and shows server notices. */
function receive(cart: CartResponse, request: number) {
  if (request < appliedRequest) return;
  appliedRequest = request;
  useCartStore.setState({ cart, loadError: null });
  emit('cart:changed', { itemCount: cart.totals.itemCount });
  for (const notice of cart.notices) showToast({ title: 'Hinweis zum Warenkorb', description: notice, durationMs: 5000 });
}

const setBusy = (itemId: string, busy: boolean) =>
  useCartStore.setState((state) => ({
    busyItemIds: busy ? [...state.busyItemIds, itemId] : state.busyItemIds.filter((id) => id !== itemId),
  }));

/** Optimistic copy of the cart with one line changed (totals stay until the server answers). */
function withLine(cart: CartResponse, itemId: string, quantity: number | null): CartResponse {
  const items =
    quantity === null ? cart.items.filter((i) => i.id !== itemId) : cart.items.map((i) => (i.id === itemId ? { ...i, quantity } : i));
  return { ...cart, items };
}

/**
 * The one cart store of the shop (issue #4): badge, side cart and cart page read it, so they
 * never disagree. Actions follow spec §4 and §8: quantity changes and removals are optimistic
 * and rolled back with the spec's error toasts; a changing line is busy.
 */
export const cartActions = {
  async load() {
    useCartStore.setState({ loading: true });
    // A local cart from an earlier visit of this embedded view stays local.
    if (isEmbedded() && readLocalCart().lines.length) useCartStore.setState({ mode: 'local' });
    const request = nextRequest();
    try {
      receive(await backend().get(), request);
    } catch (error) {
      useCartStore.setState({ loadError: serverMessage(error) ?? 'Der Warenkorb konnte nicht geladen werden.' });
    } finally {
      useCartStore.setState({ loading: false });
    }
  },

  /**
   * Adds a product; on success 'Hinzugefügt!' (2 s), opens the side cart and scrolls to top (spec §2, §9).
   * `switchedToLocal`: the cart moved to local storage with this add; the caller shows the
   * local-cart notice last (one toast at a time, spec §9).
   */
  async add(productId: string, quantity: number): Promise<{ ok: boolean; switchedToLocal: boolean }> {
    const request = nextRequest();
    try {
      const { cart, switchedToLocal } = await cartActions.addWithFallback(productId, quantity);
      receive(cart, request);
      if (!switchedToLocal) showToast({ title: 'Hinzugefügt!', variant: 'success', durationMs: 2000 });
      window.scrollTo({ top: 0 });
      useCartStore.setState({ drawerOpen: true });
      return { ok: true, switchedToLocal };
    } catch (error) {
      showToast({ title: CART_ACTION_FAILED.add, description: cartErrorReason(error), variant: 'destructive' });
      return { ok: false, switchedToLocal: false };
    }
  },

  /**
   * Adds through the current backend. Inside an embedded frame the cart switches to local storage
   * when the server add fails, or when the server cart reads back empty after an add (the
   * browser dropped the cookie), and the add is repeated locally (spec §4).
   */
  async addWithFallback(productId: string, quantity: number): Promise<{ cart: CartResponse; switchedToLocal: boolean }> {
    if (useCartStore.getState().mode === 'local' || !isEmbedded())
      return { cart: await backend().add(productId, quantity), switchedToLocal: false };
    try {
      await cartApi.add(productId, quantity);
      const after = await cartApi.get();
      if (after.items.length) return { cart: after, switchedToLocal: false };
    } catch (error) {
      if (error instanceof ApiError && error.status < 500 && error.status !== 403) throw error; // sold out, bad quantity: same answer locally
    }
    const cart = await localBackend.add(productId, quantity);
    useCartStore.setState({ mode: 'local' });
    return { cart, switchedToLocal: true };
  },

  /** Sets a quantity; 0 or less removes the line (spec §4). */
  async updateQuantity(itemId: string, quantity: number) {
    if (quantity <= 0) return cartActions.remove(itemId);
    if (quantity > MAX_LINE_QUANTITY) {
      showToast({ title: CART_ACTION_FAILED.update, description: lineQuantityMessage(MAX_LINE_QUANTITY), variant: 'destructive' });
      return;
    }
    const before = useCartStore.getState().cart;
    if (!before) return;
    useCartStore.setState({ cart: withLine(before, itemId, quantity) });
    setBusy(itemId, true);
    const request = nextRequest();
    try {
      receive(await backend().update(itemId, quantity), request);
    } catch (error) {
      useCartStore.setState({ cart: before });
      showToast({ title: CART_ACTION_FAILED.update, description: cartErrorReason(error), variant: 'destructive' });
    } finally {
      setBusy(itemId, false);
    }
  },

  async remove(itemId: string) {
    const before = useCartStore.getState().cart;
    if (!before) return;
    useCartStore.setState({ cart: withLine(before, itemId, null) });
    setBusy(itemId, true);
    const request = nextRequest();
    try {
      receive(await backend().remove(itemId), request);
      showToast({ title: 'Artikel entfernt', description: 'Das Produkt wurde aus dem Warenkorb entfernt.', variant: 'success' });
    } catch (error) {
      useCartStore.setState({ cart: before });
      showToast({ title: CART_ACTION_FAILED.remove, description: cartErrorReason(error), variant: 'destructive' });
    } finally {
      setBusy(itemId, false);
    }
  },

  async clear() {
    const request = nextRequest();
    try {
      receive(await backend().clear(), request);
      showToast({ title: 'Warenkorb geleert', variant: 'success' });
    } catch (error) {
      showToast({ title: CART_ACTION_FAILED.clear, description: cartErrorReason(error), variant: 'destructive' });
    }
  },

  /**
   * Applies a promo code (spec §5: trimmed, uppercased). Success: 'Gutscheincode angewendet!' /
   * 'Sie sparen {n}%' or '… €'. Invalid: 'Ungültiger Code' with the server message; too many
   * unknown codes (429): 'Zu viele Versuche' with the server's wait time; network
   * failure: 'Fehler' / 'Fehler beim Anwenden des Gutscheincodes.' (spec §8).
   */
  async applyPromo(rawCode: string): Promise<boolean> {
    const code = rawCode.trim().toUpperCase();
    if (!code) return false;
    const request = nextRequest();
    try {
      const cart = await backend().applyPromo(code);
      receive(cart, request);
      showToast({
        title: 'Gutscheincode angewendet!',
        description: cart.promo ? `Sie sparen ${promoSavingLabel(cart.promo)}` : undefined,
        variant: 'success',
      });
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 429) {
        // Too many unknown codes (issue #8): the server says when to try again.
        showToast({ title: 'Zu viele Versuche', description: error.serverMessage, variant: 'destructive' });
      } else if (error instanceof ApiError) {
        showToast({
          title: 'Ungültiger Code',
          description: error.serverMessage || 'Der Gutscheincode ist nicht gültig oder abgelaufen.',
          variant: 'destructive',
        });
      } else {
        showToast({ title: 'Fehler', description: 'Fehler beim Anwenden des Gutscheincodes.', variant: 'destructive' });
      }
      return false;
    }
  },

  async removePromo() {
    const request = nextRequest();
    try {
      receive(await backend().removePromo(), request);
    } catch {
      showToast({ title: 'Fehler', description: 'Der Gutscheincode konnte nicht entfernt werden.', variant: 'destructive' });
    }
  },

  openDrawer: () => useCartStore.setState({ drawerOpen: true }),
  closeDrawer: () => useCartStore.setState({ drawerOpen: false }),
};

export const useCart = () => useCartStore((state) => state.cart);
export const useCartStatus = () => useCartStore(useShallow((state) => ({ loading: state.loading, loadError: state.loadError })));
export const useItemBusy = (itemId: string) => useCartStore((state) => state.busyItemIds.includes(itemId));
export const useDrawerOpen = () => useCartStore((state) => state.drawerOpen);
export const useItemCount = () => useCartStore((state) => state.cart?.totals.itemCount ?? 0);
export const useCartMode = () => useCartStore((state) => state.mode);
