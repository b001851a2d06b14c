import { create } from 'zustand';
import type { TTokenPair } from '@gleba/contracts';
import { createTokenStore } from '@gleba/api-client';
import { forgetUser } from '../lib/current-user';
import { tokenLanguage, useLanguageStore } from './language-store';

const tokens = createTokenStore();

interface SessionState {
  /** A token exists; the signed-in app then checks it with `GET users/me` (spec section 4). */
  signedIn: boolean;
  /**
   * Changes on sign-out and when another session replaces a signed-in one: the app then starts a
   * new data cache, so one session's data never shows in the next. Signing in from the signed-out
   * app keeps it (the signed-in app mounts fresh anyway, and a remount would re-run link pages).
   */
  epoch: number;
  signIn: (pair: TTokenPair) => void;
  /** The same account's new session (a password change ends every earlier one): data kept. */
  renewSession: (pair: TTokenPair) => void;
  signOut: () => void;
}

export const useSessionStore = create<SessionState>((set) => ({
  signedIn: tokens.accessToken() !== null,
  epoch: 0,
  signIn: (pair) => {
    const same = tokens.accessToken() === pair.accessToken;
    tokens.set(pair);
    // The language kept on the account applies at sign-in, on any device.
    const lang = same ? null : tokenLanguage(pair.accessToken);
    if (lang) useLanguageStore.getState().setLanguage(lang);
    set((s) => (s.signedIn ? (same ? s : { epoch: s.epoch + 1 }) : { signedIn: true }));
  },
  renewSession: (pair) => tokens.set(pair),
  signOut: () => {
    tokens.clear();
    forgetUser();
    set((s) => ({ signedIn: false, epoch: s.epoch + 1 }));
  },
}));

/** Re-reads local storage (tests). */
export function resetSessionStore() {
  useSessionStore.setState({ signedIn: tokens.accessToken() !== null });
}
