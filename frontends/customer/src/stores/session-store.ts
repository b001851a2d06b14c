import { createSessionStore } from '@gleba/ui';
import { forgetUser } from '../lib/current-user';
import { tokenLanguage, useLanguageStore } from './language-store';

export const { useSessionStore, resetSessionStore } = createSessionStore({
  // The language kept on the account applies at sign-in, on any device, unless the user has just
  // picked one on the sign-in screens: that one is then saved on the account.
  onSignIn: (pair) => {
    const lang = tokenLanguage(pair.accessToken);
    const language = useLanguageStore.getState();
    if (lang && !language.pickedSignedOut) language.setLanguage(lang);
  },
  onSignOut: forgetUser,
});
