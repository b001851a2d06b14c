import { create } from 'zustand';
import type { TTokenPair } from '@gleba/contracts';
import { createTokenStore } from '@gleba/api-client';

const tokens = createTokenStore();

interface SessionState {
  /** A token exists; the signed-in panel then checks it with `GET users/me`. */
  signedIn: boolean;
  /** Changes on every sign-in and sign-out: the panel starts a new data cache. */
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

export function resetSessionStore() {
  useSessionStore.setState({ signedIn: tokens.accessToken() !== null });
}
