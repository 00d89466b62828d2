import { CancelledError, MutationObserver, queryOptions, useIsMutating, useQuery, type MutationOptions } from '@tanstack/react-query';
import { MAX_LINE_QUANTITY, type CartResponse, type ReorderResponse } from '@shop/contracts';
import { ApiError, failureOf, hasCode, isForbidden, isRefusal, RATE_LIMIT_CODES } from '@shop/api-client';
import { shopQueryClient, showToast } from '@shop/shell-api';
import { CART_ACTION_FAILED, lineQuantityMessage, promoSavingLabel } from '@shop/cart-rules';
import { cartApi } from './cart-api';
import { isEmbedded, localCartBackend, readLocalCart, type CartBackend } from '../lib/local-cart';
import { cartCallText, cartErrorReason } from '../lib/cart-errors';
import { withChallenge } from '@shop/api-client/proof-of-work';
import { cartKeys } from './cart-queries';
import { useCartUiStore } from '../stores/cart-ui-store';

const localBackend = localCartBackend({
  loadProduct: cartApi.product,
  validatePromo: cartApi.validatePromo,
  apiError: (status, code, message) => new ApiError(status, message, { message, code }),
});
/** Where cart calls go: the cart service, or local storage in local mode. */
const backend = (): CartBackend => (useCartUiStore.getState().mode === 'local' ? localBackend : cartApi);

const CART_KEY = cartKeys.cart;
/**
 * The cart in the page's QueryClient: read when a page or the widget asks (`load`), kept for the
 * whole page view (the header widget always shows it), not retried (a failed load shows
 * 'Erneut versuchen'); the mutations below keep it current.
 */
const cartQuery = queryOptions({ queryKey: CART_KEY, queryFn: () => backend().get(), staleTime: Infinity, gcTime: Infinity, retry: false });
const lineKey = cartKeys.line;

/** Carts whose notices were shown (a cart read again from the cache does not show them twice). */
const noticesShown = new WeakSet<CartResponse>();

/** Stores the server's cart (the header badge reads it) and shows the server's notices once. */
function receive(cart: CartResponse) {
  // The object the cache keeps (structural sharing may keep an equal earlier one) is what a later read returns.
  const stored = shopQueryClient.setQueryData<CartResponse>(CART_KEY, cart) ?? cart;
  if (noticesShown.has(stored)) return;
  noticesShown.add(stored);
  for (const notice of cart.notices) showToast({ title: 'Hinweis zum Warenkorb', description: notice, durationMs: 5000 });
}

/**
 * How old a cart may be when a page or the header widget opens and reads it (ms): the cart of a
 * server-rendered cart page came with the HTML and is not requested again; older
 * carts, and every explicit reload, are read again.
 */
export const CART_REUSE_ON_OPEN_MS = 10_000;

/** Optimistic copy of the cart with one line changed (totals stay until the server answers). */
function withLine(cart: CartResponse, itemId: string, quantity: number | null): CartResponse {
  const items =
    quantity === null ? cart.items.filter((i) => i.id !== itemId) : cart.items.map((i) => (i.id === itemId ? { ...i, quantity } : i));
  return { ...cart, items };
}

type Snapshot = { before: CartResponse | undefined };

/** The mutation scope of the writes that may create the cart (TanStack Query runs a scope's mutations one at a time). */
const ADD_SCOPE = { id: 'cart:create' };

/**
 * Runs one cart mutation through the query client: a read still under way is cancelled first
 * (its older answer must not put an old quantity back), `optimistic` shows the change at once,
 * the server's answer replaces it, and a failure restores the cart as it was (onMutate/onError).
 * Resolves with the server's cart, or null after a failure (the caller's onError showed why).
 */
async function runCartMutation<V>(
  variables: V,
  options: Omit<MutationOptions<CartResponse, unknown, V, Snapshot>, 'onMutate' | 'onError'> & {
    optimistic?: (cart: CartResponse, variables: V) => CartResponse;
    onError: (error: unknown) => void;
  },
): Promise<CartResponse | null> {
  const { optimistic, onError, onSuccess, ...rest } = options;
  const observer = new MutationObserver<CartResponse, unknown, V, Snapshot>(shopQueryClient, {
    ...rest,
    onMutate: async (vars) => {
      await shopQueryClient.cancelQueries({ queryKey: CART_KEY, exact: true });
      const before = shopQueryClient.getQueryData<CartResponse>(CART_KEY);
      if (before && optimistic) shopQueryClient.setQueryData(CART_KEY, optimistic(before, vars));
      return { before };
    },
    onError: (error, _vars, snapshot) => {
      if (snapshot?.before) shopQueryClient.setQueryData(CART_KEY, snapshot.before);
      onError(error);
    },
    onSuccess: (cart, vars, snapshot, context) => {
      receive(cart);
      return onSuccess?.(cart, vars, snapshot, context);
    },
  });
  try {
    return await observer.mutate(variables);
  } catch {
    return null;
  }
}

/**
 * The one cart of the shop (server state in TanStack Query): badge, side
 * cart and pages read the same query, so they never disagree. Actions follow spec §4 and §8:
 * quantity changes and removals are optimistic and rolled back with the spec's error toasts; a
 * changing line is busy.
 */
export const cartActions = {
  /**
   * Reads the cart (again); a failure is kept as the query's error (CartLoadGate shows it).
   * `reuseWithinMs`: a cart read (or server-rendered) at most this long ago is used as it is.
   */
  async load({ reuseWithinMs = 0 }: { reuseWithinMs?: number } = {}): Promise<void> {
    // A local cart from an earlier visit of this embedded view stays local (and is read locally).
    const local = isEmbedded() && readLocalCart().lines.length > 0;
    if (local) useCartUiStore.setState({ mode: 'local' });
    try {
      receive(await shopQueryClient.fetchQuery({ ...cartQuery, staleTime: local ? 0 : reuseWithinMs }));
    } catch (error) {
      if (!(error instanceof CancelledError)) console.warn('cart: load failed', error);
    }
  },

  /**
   * Adds a product; on success 'Hinzugefügt!' (2 s), opens the side cart and scrolls to top (spec §2, §9).
   * `switchedToLocal`: the cart moved to local storage with this add; the caller shows the
   * local-cart notice last (one toast at a time, spec §9).
   */
  async add(productId: string, quantity: number): Promise<{ ok: boolean; switchedToLocal: boolean }> {
    let switchedToLocal = false;
    const cart = await runCartMutation(
      { productId, quantity },
      {
        // One add after the other: a guest's first add creates the cart and its cookie, and a second
        // add sent before that answer would create another cart (the browser keeps one cookie, so
        // one product would be lost). Taps made while this widget loads are answered together.
        scope: ADD_SCOPE,
        mutationFn: async (vars) => {
          const result = await addWithFallback(vars.productId, vars.quantity);
          switchedToLocal = result.switchedToLocal;
          return result.cart;
        },
        onError: (error) => showToast({ title: CART_ACTION_FAILED.add, description: cartErrorReason(error), variant: 'destructive' }),
      },
    );
    if (!cart) return { ok: false, switchedToLocal: false };
    if (!switchedToLocal) showToast({ title: 'Hinzugefügt!', variant: 'success', durationMs: 2000 });
    window.scrollTo({ top: 0 });
    useCartUiStore.setState({ drawerOpen: true });
    return { ok: true, switchedToLocal };
  },

  /** Sets a quantity; 0 or less removes the line (spec §4). */
  async updateQuantity(itemId: string, quantity: number): Promise<void> {
    if (quantity <= 0) return cartActions.remove(itemId);
    if (quantity > MAX_LINE_QUANTITY) {
      showToast({ title: CART_ACTION_FAILED.update, description: lineQuantityMessage(MAX_LINE_QUANTITY), variant: 'destructive' });
      return;
    }
    await runCartMutation(
      { itemId, quantity },
      {
        mutationKey: lineKey(itemId),
        mutationFn: (vars) => backend().update(vars.itemId, vars.quantity),
        optimistic: (cart, vars) => withLine(cart, vars.itemId, vars.quantity),
        onError: (error) => showToast({ title: CART_ACTION_FAILED.update, description: cartErrorReason(error), variant: 'destructive' }),
      },
    );
  },

  async remove(itemId: string): Promise<void> {
    await runCartMutation(itemId, {
      mutationKey: lineKey(itemId),
      mutationFn: (id) => backend().remove(id),
      optimistic: (cart, id) => withLine(cart, id, null),
      onSuccess: () =>
        showToast({ title: 'Artikel entfernt', description: 'Das Produkt wurde aus dem Warenkorb entfernt.', variant: 'success' }),
      onError: (error) => showToast({ title: CART_ACTION_FAILED.remove, description: cartErrorReason(error), variant: 'destructive' }),
    });
  },

  /**
   * 'Erneut bestellen': the order's still-available products go into the server cart
   * (the cart service decides what is available); the side cart opens when something was added.
   * Resolves with what was added and what not, or null after a failure (error toast shown).
   */
  async reorder(orderId: string): Promise<Omit<ReorderResponse, 'cart'> | null> {
    let outcome: Omit<ReorderResponse, 'cart'> | null = null;
    await runCartMutation(orderId, {
      mutationFn: async (id) => {
        const { cart, ...rest } = await cartApi.reorder(id);
        outcome = rest;
        return cart;
      },
      onError: (error) => showToast({ title: CART_ACTION_FAILED.reorder, description: cartErrorReason(error), variant: 'destructive' }),
    });
    if (outcome && (outcome as Omit<ReorderResponse, 'cart'>).added.length) useCartUiStore.setState({ drawerOpen: true });
    return outcome;
  },

  async clear(): Promise<void> {
    await runCartMutation(undefined, {
      mutationFn: () => backend().clear(),
      onSuccess: () => showToast({ title: 'Warenkorb geleert', variant: 'success' }),
      onError: (error) => showToast({ title: CART_ACTION_FAILED.clear, description: cartErrorReason(error), variant: 'destructive' }),
    });
  },

  /**
   * Applies a promo code (spec §5: trimmed, uppercased). Success: 'Gutscheincode angewendet!' /
   * 'Sie sparen {n}%' or '… €'. Invalid: 'Ungültiger Code' with the server message; too many
   * unknown codes (429): 'Zu viele Versuche' with the server's wait time; network
   * failure: 'Fehler' / 'Fehler beim Anwenden des Gutscheincodes.' (spec §8). Behind a used-up
   * per-IP backstop the browser solves the service's proof-of-work and sends the code again
   * (`onSolving` tells the field while it works).
   */
  async applyPromo(rawCode: string, onSolving?: (solving: boolean) => void): Promise<boolean> {
    const code = rawCode.trim().toUpperCase();
    if (!code) return false;
    const cart = await runCartMutation(code, {
      mutationFn: (value) => withChallenge((headers) => backend().applyPromo(value, headers), onSolving),
      onSuccess: (applied) =>
        showToast({
          title: 'Gutscheincode angewendet!',
          description: applied.promo ? `Sie sparen ${promoSavingLabel(applied.promo)}` : undefined,
          variant: 'success',
        }),
      onError: (error) => {
        if (hasCode(error, 'PROMO_ATTEMPTS_EXCEEDED', ...RATE_LIMIT_CODES)) {
          // Too many unknown codes, or a limit of the shop used up: the server says when to try again.
          showToast({
            title: 'Zu viele Versuche',
            description: cartCallText(error, 'Bitte versuchen Sie es später erneut.'),
            variant: 'destructive',
          });
        } else if (failureOf(error).kind === 'refused') {
          showToast({
            title: 'Ungültiger Code',
            description: cartCallText(error, 'Der Gutscheincode ist nicht gültig oder abgelaufen.'),
            variant: 'destructive',
          });
        } else {
          showToast({ title: 'Fehler', description: 'Fehler beim Anwenden des Gutscheincodes.', variant: 'destructive' });
        }
      },
    });
    return cart !== null;
  },

  async removePromo(): Promise<void> {
    await runCartMutation(undefined, {
      mutationFn: () => backend().removePromo(),
      onError: () => showToast({ title: 'Fehler', description: 'Der Gutscheincode konnte nicht entfernt werden.', variant: 'destructive' }),
    });
  },

  openDrawer: () => useCartUiStore.setState({ drawerOpen: true }),
  closeDrawer: () => useCartUiStore.setState({ drawerOpen: false }),
};

/**
 * Adds through the current backend. Inside an embedded frame the cart switches to local storage
 * when the server add fails, or when the server cart reads back empty after an add (the
 * browser dropped the cookie), and the add is repeated locally (spec §4).
 */
async function addWithFallback(productId: string, quantity: number): Promise<{ cart: CartResponse; switchedToLocal: boolean }> {
  if (useCartUiStore.getState().mode === 'local' || !isEmbedded())
    return { cart: await backend().add(productId, quantity), switchedToLocal: false };
  try {
    await cartApi.add(productId, quantity);
    const after = await cartApi.get();
    if (after.items.length) return { cart: after, switchedToLocal: false };
  } catch (error) {
    // Refused for what was asked (sold out, the quantity, a limit): the same answer locally. Only a
    // frame the server refuses, or no answer, moves the cart to local storage.
    if (isRefusal(error) && !isForbidden(error)) throw error;
  }
  const cart = await localBackend.add(productId, quantity);
  useCartUiStore.setState({ mode: 'local' });
  return { cart, switchedToLocal: true };
}

/** The cart as the server (or the local cart) last answered, with optimistic changes; null before the first answer. */
// The hooks read the QueryClient of their React tree: shopQueryClient in the browser, the
// request's own client when the server renders the cart page from the visitor's session.
export const useCart = () => useQuery({ ...cartQuery, enabled: false }).data ?? null;
/** Whether the cart is being read, and the German error of a failed read. */
export function useCartStatus() {
  const { isFetching, error } = useQuery({ ...cartQuery, enabled: false });
  return { loading: isFetching, loadError: error ? cartCallText(error, 'Der Warenkorb konnte nicht geladen werden.') : null };
}
/** A line being changed (spinner, buttons disabled; spec §4). */
export const useItemBusy = (itemId: string) => useIsMutating({ mutationKey: lineKey(itemId) }) > 0;
export const useItemCount = () => useCart()?.totals.itemCount ?? 0;
