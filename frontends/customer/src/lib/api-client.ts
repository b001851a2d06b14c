import { createApiClient } from '@gleba/api-client';
import { useLanguageStore } from '../stores/language-store';
import { useSessionStore } from '../stores/session-store';

/**
 * The one client of the app: `/api` on the same origin. When a refresh fails the client has
 * already cleared the tokens; signing out switches to the signed-out routes, which send any path to /.
 */
export const api = createApiClient({
  baseUrl: '/api',
  language: () => useLanguageStore.getState().lang,
  onSessionEnded: () => useSessionStore.getState().signOut(),
});
