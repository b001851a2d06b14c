import { createSessionStore } from '@gleba/ui';
import { forgetUser } from '../lib/current-user';
import { tokenLanguage, useLanguageStore } from './language-store';

export const { useSessionStore, resetSessionStore } = createSessionStore({
  // The language kept on the account applies at sign-in, on any device.
  onSignIn: (pair) => {
    const lang = tokenLanguage(pair.accessToken);
    if (lang) useLanguageStore.getState().setLanguage(lang);
  },
  onSignOut: forgetUser,
});
