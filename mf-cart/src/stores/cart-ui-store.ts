import { create } from 'zustand';

/** Client state of the cart remote (no server data: that is the query cache, api/cart-actions.ts). */
interface CartUiState {
  drawerOpen: boolean;
  /** 'local' inside an embedded frame whose cookies do not work (spec §4); else 'server'. */
  mode: 'server' | 'local';
}

export const useCartUiStore = create<CartUiState>(() => ({ drawerOpen: false, mode: 'server' }));

export const useDrawerOpen = () => useCartUiStore((state) => state.drawerOpen);
export const useCartMode = () => useCartUiStore((state) => state.mode);
