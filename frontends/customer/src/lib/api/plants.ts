import type { Language } from '@gleba/contracts';
import { api } from '../api-client';
import { useLanguageStore } from '../../stores/language-store';
import { isOfflineError } from '../offline/offline';

export interface Plant {
  id: string;
  name: string;
  group?: string;
}

/**
 * The plant list (`GET plants`, names in the user's language), kept per language in local storage:
 * the sample form needs it, and a test added offline (features/pwa) has no server to ask. The
 * signed-in shell keeps it fresh once a day while online (`keepPlantsForOffline`).
 */
export const PLANTS_KEY = 'gleba_plants';
const DAY_MS = 86_400_000;

type Kept = Partial<Record<Language, { at: number; plants: Plant[] }>>;

function kept(): Kept {
  try {
    const value = JSON.parse(localStorage.getItem(PLANTS_KEY) ?? '{}') as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Kept) : {};
  } catch {
    return {};
  }
}

function keptPlants(lang: Language): { at: number; plants: Plant[] } | null {
  const entry = kept()[lang];
  return entry && typeof entry.at === 'number' && Array.isArray(entry.plants) && entry.plants.length > 0
    ? entry
    : null;
}

/** GET plants, kept for offline use; without a connection the kept list of the language answers. */
export async function fetchPlants(now = Date.now()): Promise<Plant[]> {
  const lang = useLanguageStore.getState().lang;
  try {
    const plants = await api.get<Plant[]>('plants');
    try {
      localStorage.setItem(PLANTS_KEY, JSON.stringify({ ...kept(), [lang]: { at: now, plants } }));
    } catch {
      /* storage full or blocked: only the offline form loses its list */
    }
    return plants;
  } catch (error) {
    const offline = isOfflineError(error) ? keptPlants(lang) : null;
    if (offline) return offline.plants;
    throw error;
  }
}

/** Online: fetches the plant list when the kept one of the language is missing or a day old (errors ignored). */
export async function keepPlantsForOffline(now = Date.now()): Promise<void> {
  const entry = keptPlants(useLanguageStore.getState().lang);
  if (entry && now - entry.at < DAY_MS) return;
  await fetchPlants(now).catch(() => undefined);
}
