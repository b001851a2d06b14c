import { createSessionStore } from '@gleba/ui';

/** The panel starts a new data cache on every sign-in and sign-out. */
export const { useSessionStore, resetSessionStore } = createSessionStore({ newCacheOnSignIn: true });
