import useSWR from 'swr';
import type { TFarm, TFarmBody } from '@gleba/contracts';
import { isApiError } from '@gleba/api-client';
import { api } from '../../../lib/api-client';

export const farmKey = 'farm';

/** The farm (geo `GET /api/farm`), or null before it is set up. */
export function useFarm() {
  return useSWR<TFarm | null>(farmKey, async (key: string) => {
    try {
      return (await api.get<TFarm | null>(key)) ?? null;
    } catch (error) {
      if (isApiError(error) && error.status === 404) return null;
      throw error;
    }
  });
}

/** `PUT /api/farm`: creates the farm or replaces its data. */
export const saveFarm = (body: TFarmBody) => api.put<TFarm>(farmKey, body);
