import { createContext, useContext, useLayoutEffect, useState, type ReactNode } from 'react';
import { createStore, useStore, type StoreApi } from 'zustand';
import { AGE_ANSWERED_ATTRIBUTE, COOKIE_CONSENT_MAX_AGE_S, STOREFRONT_COOKIES, type EntryState } from '@shop/contracts';
import { STORAGE_KEYS } from '@shop/shell-api';

/**
 * The storefront's entry in the browser (spec §4 'Age gate', 'Cookie banner'): what the gateway
 * decided for the first screen (EntryState of @shop/contracts, from the boot data), then the
 * visitor's answers. One store per rendered app (the server renders many visitors in one
 * process, so no module-level state). The answers write the same cookies the gateway's forms
 * do (services/gateway/src/storefront/entry-forms.ts), so the next page's HTML agrees.
 *
 * This is the entry notice only: the legally required age check happens at checkout
 * (legal-de.md §1.7, §1.4).
 */
interface EntryStore extends EntryState {
  confirmAdult: () => void;
  deny: () => void;
  /** 'true' accepts, 'rejected' rejects (stored 12 months); null closes the banner for this page view. */
  chooseCookies: (choice: 'true' | 'rejected' | null) => void;
  dismissFlash: () => void;
}

/** A cookie of this shop, written as the gateway writes it (SameSite=Lax; Secure over https). */
function writeCookie(name: string, value: string, maxAgeS: number | null): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  const maxAge = maxAgeS === null ? '' : `; max-age=${maxAgeS}`;
  document.cookie = `${name}=${value}; path=/; samesite=lax${maxAge}${secure}`;
}

const cookieOf = (name: string) =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/**
 * Web storage beside the cookies: inside a frame on another site (the embedded shop, spec §4
 * 'Cart') the browser keeps no cookie of ours, so there the answers live in the frame's own
 * storage, read once the page has hydrated.
 */
function readStored(storage: 'sessionStorage' | 'localStorage', key: string): string | null {
  try {
    return window[storage].getItem(key);
  } catch {
    return null;
  }
}
function store(storage: 'sessionStorage' | 'localStorage', key: string, value: string): void {
  try {
    window[storage].setItem(key, value);
  } catch {
    // No storage either: the answer holds for this page view.
  }
}

const choiceOf = (value: string | null | undefined) => (value === 'true' || value === 'rejected' ? value : null);
const hasCookieChoice = () =>
  Boolean(choiceOf(cookieOf(STOREFRONT_COOKIES.cookieConsent)) ?? choiceOf(readStored('localStorage', STORAGE_KEYS.cookieConsent)));

/**
 * The entry from the browser's cookies, for pages without the gateway's boot data (the
 * development server): the gate unless confirmed this session, the banner unless chosen. The
 * session and cart cookies are HttpOnly, out of a script's sight: taken as present, so the
 * personal header widgets mount with the page.
 */
export function entryFromCookies(): EntryState {
  const passed = cookieOf(STOREFRONT_COOKIES.ageVerified) === '1';
  return {
    ageGate: passed ? 'passed' : 'open',
    cookieBanner: passed && !hasCookieChoice(),
    flash: null,
    visitor: { session: true, cart: true },
  };
}

const createEntryStore = (initial: EntryState) =>
  createStore<EntryStore>((set) => ({
    ...initial,
    confirmAdult: () => {
      // A session cookie: the flag lasts for the browser session (spec §4).
      writeCookie(STOREFRONT_COOKIES.ageVerified, '1', null);
      store('sessionStorage', STORAGE_KEYS.ageVerified, 'true');
      set({ ageGate: 'passed', cookieBanner: !hasCookieChoice() });
    },
    deny: () => set({ ageGate: 'denied' }),
    chooseCookies: (choice) => {
      if (choice) {
        writeCookie(STOREFRONT_COOKIES.cookieConsent, choice, COOKIE_CONSENT_MAX_AGE_S);
        store('localStorage', STORAGE_KEYS.cookieConsent, choice);
      }
      set({ cookieBanner: false });
    },
    dismissFlash: () => set({ flash: null }),
  }));

const EntryContext = createContext<StoreApi<EntryStore> | null>(null);

/** Provides the entry store, created once from `initial` (the first screen's EntryState). */
export function EntryProvider({ initial, children }: { initial: EntryState; children: ReactNode }) {
  const [entry] = useState(() => createEntryStore(initial));
  useLayoutEffect(() => {
    // Answers the server did not see, in the task that commits the hydration (before the gate
    // turns modal and before the next paint): one given before hydration, or one kept in
    // storage only (a frame on another site, see readStored), written as cookies too where the
    // browser keeps them.
    const state = entry.getState();
    // 'Ich bin 18+' tapped before hydration and answered by the first HTML's early script.
    if (state.ageGate !== 'passed' && document.documentElement.hasAttribute(AGE_ANSWERED_ATTRIBUTE)) state.confirmAdult();
    else if (state.ageGate !== 'passed' && readStored('sessionStorage', STORAGE_KEYS.ageVerified) === 'true') {
      writeCookie(STOREFRONT_COOKIES.ageVerified, '1', null);
      entry.setState({ ageGate: 'passed', cookieBanner: !hasCookieChoice() });
    }
    const storedChoice = choiceOf(readStored('localStorage', STORAGE_KEYS.cookieConsent));
    if (storedChoice && !choiceOf(cookieOf(STOREFRONT_COOKIES.cookieConsent))) {
      writeCookie(STOREFRONT_COOKIES.cookieConsent, storedChoice, COOKIE_CONSENT_MAX_AGE_S);
      entry.setState({ cookieBanner: false });
    }
  }, [entry]);
  return <EntryContext.Provider value={entry}>{children}</EntryContext.Provider>;
}

/** Reads one value of the entry store (re-renders when it changes). */
export function useEntry<T>(select: (state: EntryStore) => T): T {
  const store = useContext(EntryContext);
  if (!store) throw new Error('useEntry outside EntryProvider');
  return useStore(store, select);
}
