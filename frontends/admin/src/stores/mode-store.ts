import { create } from 'zustand';
import { AdminMode, STORAGE_KEYS } from '@gleba/contracts';

interface ModeState {
  mode: AdminMode;
  /** True when local storage holds `mode` (spec 6: the unseen-count query runs only when it is absent). */
  stored: boolean;
  setMode: (mode: AdminMode) => void;
}

function storedMode(): AdminMode | null {
  try {
    const parsed = AdminMode.safeParse(localStorage.getItem(STORAGE_KEYS.mode));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Farmer or garden mode of the panel, kept in local storage `mode`; farm until one is chosen. */
export const useModeStore = create<ModeState>((set) => {
  const stored = storedMode();
  return {
    mode: stored ?? 'farm',
    stored: stored !== null,
    setMode: (mode) => {
      localStorage.setItem(STORAGE_KEYS.mode, mode);
      set({ mode, stored: true });
    },
  };
});

/** The API base of a mode (spec 7): `/farm-api` or `/garden-api`. */
export function apiBaseFor(mode: AdminMode): string {
  return mode === 'garden' ? '/garden-api' : '/farm-api';
}

/** Re-reads local storage (tests). */
export function resetModeStore() {
  const stored = storedMode();
  useModeStore.setState({ mode: stored ?? 'farm', stored: stored !== null });
}
