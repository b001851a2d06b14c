import useSWR, { useSWRConfig } from 'swr';
import type {
  TImportPreviewBody,
  TImportPreviewResult,
  TPlotFileFormat,
  TAdminUnit,
  TAreaGeometry,
  TCadastralPlotBody,
  TCity,
  TCreateCropBody,
  TCrop,
  TImportPlotsBody,
  TImportPlotsResult,
  TParcel,
  TPlant,
  TPlot,
  TPosition,
  TPrecinct,
  TUpdateCropBody,
  TUpdateSectorsBody,
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
export const useCommunes = (county: string) =>
  useSWR<TAdminUnit[]>(county ? ['admin-units/communes', { county }] : null);
export const usePrecincts = (commune: string) =>
  useSWR<TPrecinct[]>(commune ? ['admin-units/precincts', { commune }] : null);

export const searchCities = (q: string) => api.get<TCity[]>('cities', { query: { q } });
export const createDrawnPlot = (body: { geometry: TAreaGeometry; name?: string; snapToleranceM?: number }) =>
  api.post<TPlot>('plots', body);
export const createCadastralPlot = (body: TCadastralPlotBody) => api.post<TPlot>('plots/cadastral', body);
/** The cadastral parcel under a point of the map (ULDK through geo); 404 `noParcelAtPoint` where there is none. */
export const parcelAt = ([lon, lat]: TPosition) =>
  api.get<TParcel>('cadastre/parcels/at', { query: { lon: lon!.toFixed(7), lat: lat!.toFixed(7) } });
export const createCrop = (body: TCreateCropBody) => api.post<TCrop>('crops', body);
export const autoDivide = (cropId: string) =>
  api.post<TCrop>(`crops/${encodeURIComponent(cropId)}/sectors/auto-divide`, {});
export const revertSectors = (cropId: string) =>
  api.post<TCrop>(`crops/${encodeURIComponent(cropId)}/sectors/revert`, {});
export const undoRedo = (kind: 'plots' | 'crops', id: string, step: 'undo' | 'redo') =>
  api.post<TPlot | TCrop>(`${kind}/${encodeURIComponent(id)}/${step}`, {});

type Kind = 'plots' | 'crops';
const at = (kind: Kind, id: string, tail = '') => `${kind}/${encodeURIComponent(id)}${tail}`;

export const moveShape = (kind: Kind, id: string, body: { distanceM: number; bearingDeg: number }) =>
  api.post<unknown>(at(kind, id, '/move'), body);
export const divideShape = (kind: Kind, id: string, line: TPosition[]) =>
  api.post<unknown[]>(at(kind, id, '/divide'), { line: { type: 'LineString', coordinates: line } });
export const cutCrop = (id: string, ring: TPosition[]) => api.post<TCrop>(at('crops', id, '/cut'), { ring });
export const mergePlots = (plotIds: string[]) => api.post<TPlot>('plots/merge', { plotIds });
export const updateCrop = (id: string, body: TUpdateCropBody) => api.patch<TCrop>(at('crops', id), body);
export const deleteShape = (kind: Kind, id: string) => api.delete<void>(at(kind, id));
export const updateSectors = (cropId: string, body: TUpdateSectorsBody) =>
  api.put<TCrop>(at('crops', cropId, '/sectors'), body);
export const importPlots = (body: TImportPlotsBody) => api.post<TImportPlotsResult>('plots/import', body);
/** The shapes of a file with their areas and why any cannot be added (nothing is stored). */
export const previewImport = (body: TImportPreviewBody) =>
  api.post<TImportPreviewResult>('plots/import/preview', body);
/** The user's plots as a file (Shapefile and GML in EPSG:2180). */
export const exportPlots = (format: TPlotFileFormat) =>
  api.get<Blob>('plots/export', { query: { format }, as: 'blob' });

/** After a change: the plots and crops are fetched again (swr never refetches on its own here). */
export function useRefreshFarm() {
  const { mutate } = useSWRConfig();
  return async () => {
    await Promise.all([mutate(PLOTS_KEY), mutate(CROPS_KEY)]);
  };
}
