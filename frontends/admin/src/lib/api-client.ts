import { createApiClient } from '@gleba/api-client';
import { apiBaseFor, useModeStore } from '../stores/mode-store';
import { useLanguageStore } from '../stores/language-store';
import { useSessionStore } from '../stores/session-store';

/** The panel's one client: its base follows the mode (`/farm-api` or `/garden-api`) at every call. */
export const api = createApiClient({
  baseUrl: () => apiBaseFor(useModeStore.getState().mode),
  language: () => useLanguageStore.getState().lang,
  onSessionEnded: () => useSessionStore.getState().signOut(),
});
