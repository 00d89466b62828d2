import { useSyncExternalStore } from 'react';
import { DEFAULT_CONTINUE_SHOPPING_PATH } from '@shop/contracts';
import { STORAGE_KEYS } from './storage-keys';

/**
 * 'Continue shopping' memory (spec §2 'Other'): the last visited listing page, i.e. home,
 * the all-products page, or any /kategorien/ path (which includes product pages below a
 * category, as the spec words it).
 */
export function isListingPath(pathname: string): boolean {
  const path = pathname.toLowerCase();
  return (
    path === '/' ||
    path === '/randm-tornado-vape-alle-produkte' ||
    path === '/alle-produkte' ||
    path === '/kategorien' ||
    path.startsWith('/kategorien/')
  );
}

/** Remembers `pathWithSearch` when its path is a listing page; other paths are ignored. */
export function rememberListingPage(pathname: string, search = ''): void {
  if (!isListingPath(pathname)) return;
  try {
    localStorage.setItem(STORAGE_KEYS.continueShopping, pathname + search);
  } catch {
    // Storage can be unavailable (private mode, embedded frame); the default target then applies.
  }
}

/** The remembered listing page, or the spec's default /randm-tornado-vape-alle-produkte. */
export function getContinueShoppingTarget(): string {
  try {
    return localStorage.getItem(STORAGE_KEYS.continueShopping) ?? DEFAULT_CONTINUE_SHOPPING_PATH;
  } catch {
    return DEFAULT_CONTINUE_SHOPPING_PATH;
  }
}

const noSubscription = () => () => {};

/**
 * getContinueShoppingTarget for rendering: the default target on the server and while the
 * browser hydrates (storage is the visitor's own), the remembered page afterwards.
 */
export function useContinueShoppingTarget(): string {
  return useSyncExternalStore(noSubscription, getContinueShoppingTarget, () => DEFAULT_CONTINUE_SHOPPING_PATH);
}
