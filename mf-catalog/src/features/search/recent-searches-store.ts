import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** Recent searches (spec §9): store at most 5, newest first; empty terms are not saved (spec §5). */
export const RECENT_SEARCHES_STORED = 5;
export const RECENT_SEARCHES_SHOWN = 3;

interface RecentSearchesState {
  terms: string[];
  remember: (term: string) => void;
}

const useRecentSearchesStore = create<RecentSearchesState>()(
  persist(
    (set) => ({
      terms: [],
      remember: (term) => {
        const trimmed = term.trim();
        if (!trimmed) return;
        set((state) => ({
          terms: [trimmed, ...state.terms.filter((t) => t.toLowerCase() !== trimmed.toLowerCase())].slice(0, RECENT_SEARCHES_STORED),
        }));
      },
    }),
    { name: 'catalog:recent-searches' },
  ),
);

export const useRecentSearches = () => useRecentSearchesStore((state) => state.terms);
export const useRememberSearch = () => useRecentSearchesStore((state) => state.remember);
