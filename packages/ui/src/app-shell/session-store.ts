import { create } from 'zustand';
import type { TTokenPair } from '@gleba/contracts';
import { createTokenStore } from '@gleba/api-client';

export interface SessionState {
  /** A token exists; the signed-in app then checks it with `GET users/me` (spec section 4). */
  signedIn: boolean;
  /**
   * Changes on sign-out and when another session replaces a signed-in one: the app then starts a
   * new data cache, so one session's data never shows in the next. Signing in from the signed-out
   * app changes it only when `newCacheOnSignIn` is set.
   */
  epoch: number;
  signIn: (pair: TTokenPair) => void;
  /** The same account's new session (a password change ends every earlier one): data kept. */
  renewSession: (pair: TTokenPair) => void;
  signOut: () => void;
}

export interface SessionStoreOptions {
  /** A new data cache on every sign-in too (the panel, whose signed-out screens share the cache). */
  newCacheOnSignIn?: boolean;
  /** After the tokens of a new session are kept (not a renewal of the same token). */
  onSignIn?: (pair: TTokenPair) => void;
  /** After the tokens are dropped. */
  onSignOut?: () => void;
}

/** The signed-in state of an app, kept with its tokens in local storage. */
export function createSessionStore(options: SessionStoreOptions = {}) {
  const tokens = createTokenStore();
  const useSessionStore = create<SessionState>((set) => ({
    signedIn: tokens.accessToken() !== null,
    epoch: 0,
    signIn: (pair) => {
      const same = tokens.accessToken() === pair.accessToken;
      tokens.set(pair);
      if (!same) options.onSignIn?.(pair);
      set((s) => {
        if (!s.signedIn)
          return options.newCacheOnSignIn ? { signedIn: true, epoch: s.epoch + 1 } : { signedIn: true };
        return same ? s : { epoch: s.epoch + 1 };
      });
    },
    renewSession: (pair) => tokens.set(pair),
    signOut: () => {
      tokens.clear();
      options.onSignOut?.();
      set((s) => ({ signedIn: false, epoch: s.epoch + 1 }));
    },
  }));
  /** Re-reads local storage (tests). */
  const resetSessionStore = () => useSessionStore.setState({ signedIn: tokens.accessToken() !== null });
  return { useSessionStore, resetSessionStore };
}
