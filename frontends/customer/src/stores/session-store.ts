import { create } from 'zustand';
import type { TTokenPair } from '@gleba/contracts';
import { createTokenStore } from '@gleba/api-client';

const tokens = createTokenStore();

interface SessionState {
  /** A token exists; the signed-in app then checks it with `GET users/me` (spec section 4). */
  signedIn: boolean;
  /** Changes on each sign-in and sign-out, so cached data of one session never shows in the next. */
  epoch: number;
  signIn: (pair: TTokenPair) => void;
  signOut: () => void;
}

export const useSessionStore = create<SessionState>((set) => ({
  signedIn: tokens.accessToken() !== null,
  epoch: 0,
  signIn: (pair) => {
    tokens.set(pair);
    set((s) => ({ signedIn: true, epoch: s.epoch + 1 }));
  },
  signOut: () => {
    tokens.clear();
    set((s) => ({ signedIn: false, epoch: s.epoch + 1 }));
  },
}));

/** Re-reads local storage (tests). */
export function resetSessionStore() {
  useSessionStore.setState({ signedIn: tokens.accessToken() !== null });
}
