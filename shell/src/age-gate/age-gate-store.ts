import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { isbot } from 'isbot';
import { STORAGE_KEYS } from '@shop/shell-api';

/**
 * Age gate state (spec §4 'Age gate'): shown unless the session flag is set; crawlers skip it
 * and get the flag. This is the entry notice only: the legally required age check happens at
 * checkout (legal-de.md §1.7, §1.4).
 */
interface AgeGateState {
  verified: boolean;
  denied: boolean;
  confirmAdult: () => void;
  deny: () => void;
}

function readFlag(): boolean {
  try {
    if (sessionStorage.getItem(STORAGE_KEYS.ageVerified) === 'true') return true;
    if (isbot(navigator.userAgent)) {
      sessionStorage.setItem(STORAGE_KEYS.ageVerified, 'true');
      return true;
    }
  } catch {
    // sessionStorage unavailable: the gate shows on every page load, which errs on the safe side.
  }
  return false;
}

const useAgeGateStore = create<AgeGateState>((set) => ({
  verified: readFlag(),
  denied: false,
  confirmAdult: () => {
    try {
      sessionStorage.setItem(STORAGE_KEYS.ageVerified, 'true');
    } catch {
      // see readFlag
    }
    set({ verified: true, denied: false });
  },
  deny: () => set({ denied: true }),
}));

export const useAgeVerified = () => useAgeGateStore((state) => state.verified);
export const useAgeDenied = () => useAgeGateStore((state) => state.denied);
export const useAgeGateActions = () => useAgeGateStore(useShallow((state) => ({ confirmAdult: state.confirmAdult, deny: state.deny })));
