import { AppError } from '@gleba/platform';
import { GeoErrorCode } from '@gleba/contracts';

/** Fallback texts (English) of geo's errors; the translated text comes from `errors.<code>` in @gleba/i18n. */
const STATUS: Partial<Record<GeoErrorCode, number>> = {
  farmNotFound: 404,
  plotNotFound: 404,
  cropNotFound: 404,
  sectorNotFound: 404,
  parcelNotFound: 404,
  noParcelAtPoint: 404,
  cityNotFound: 404,
  locationNotFound: 404,
  plotAlreadyExists: 409,
  plotOverlapLimitExceeded: 409,
  cropAlreadyExists: 409,
  cropHasTest: 409,
  sectorsUsedInTests: 409,
  sectorsAlreadyDivided: 409,
  nothingToUndo: 409,
  nothingToRedo: 409,
  fetchRegionsFailed: 502,
  fetchPlotsFailed: 502,
  fetchCountiesFailed: 502,
  fetchCommunesFailed: 502,
  fetchVoivodeshipsFailed: 502,
};

export function geoError(
  code: GeoErrorCode,
  message: string,
  params?: Record<string, string | number>,
): AppError {
  return new AppError(code, STATUS[code] ?? 400, message, undefined, params);
}
