import { api } from './api-client';
import { languageFromResponse, useLanguageStore } from '../stores/language-store';

/** Spec section 7: `GET /api/language` when no language was chosen; a failure is logged and pl stays. */
export async function detectLanguage(): Promise<void> {
  if (useLanguageStore.getState().chosen) return;
  try {
    const answer = await api.get<unknown>('/api/language', { auth: false });
    if (!useLanguageStore.getState().chosen)
      useLanguageStore.getState().setDetected(languageFromResponse(answer));
  } catch (error) {
    console.error('language lookup failed, using pl', error);
    if (!useLanguageStore.getState().chosen) useLanguageStore.getState().setDetected('pl');
  }
}
