import useSWR, { useSWRConfig } from 'swr';
import type {
  TAdminUnit,
  TAreaGeometry,
  TCadastralPlotBody,
  TCity,
  TCreateCropBody,
  TCrop,
  TPlant,
  TPlot,
  TPrecinct,
  TVoivodeshipItem,
} from '@gleba/contracts';
import { api } from '../../../lib/api-client';

export const PLOTS_KEY = 'plots';
export const CROPS_KEY = 'crops';

export const usePlots = () => useSWR<TPlot[]>(PLOTS_KEY);
export const useCrops = () => useSWR<TCrop[]>(CROPS_KEY);
export const usePlants = () => useSWR<TPlant[]>('plants');

/** The look-up chain of the cadastral form; each level waits for the one above (null key = no request). */
export const useVoivodeships = () => useSWR<TVoivodeshipItem[]>('admin-units/voivodeships');
export const useCounties = (voivodeship: string) =>
  useSWR<TAdminUnit[]>(voivodeship ? ['admin-units/counties', { voivodeship }] : null);
export const useCommunes = (county: string) => useSWR<TAdminUnit[]>(county ? ['admin-units/communes', { county }] : null);
export const usePrecincts = (commune: string) => useSWR<TPrecinct[]>(commune ? ['admin-units/precincts', { commune }] : null);

export const searchCities = (q: string) => api.get<TCity[]>('cities', { query: { q } });
export const createDrawnPlot = (body: { geometry: TAreaGeometry; name?: string }) => api.post<TPlot>('plots', body);
export const createCadastralPlot = (body: TCadastralPlotBody) => api.post<TPlot>('plots/cadastral', body);
export const createCrop = (body: TCreateCropBody) => api.post<TCrop>('crops', body);
export const autoDivide = (cropId: string) => api.post<TCrop>(`crops/${encodeURIComponent(cropId)}/sectors/auto-divide`, {});
export const revertSectors = (cropId: string) => api.post<TCrop>(`crops/${encodeURIComponent(cropId)}/sectors/revert`, {});
export const undoRedo = (kind: 'plots' | 'crops', id: string, step: 'undo' | 'redo') =>
  api.post<unknown>(`${kind}/${encodeURIComponent(id)}/${step}`, {});

/** After a change: the plots and crops are fetched again (swr never refetches on its own here). */
export function useRefreshFarm() {
  const { mutate } = useSWRConfig();
  return async () => {
    await Promise.all([mutate(PLOTS_KEY), mutate(CROPS_KEY)]);
  };
}
