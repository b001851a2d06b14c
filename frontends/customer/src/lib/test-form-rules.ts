import {
  BARCODE_MAX_LENGTH,
  BARCODE_MIN_LENGTH,
  GARDEN_AREA_MAX_ARES,
  GARDEN_NAME_MAX_LENGTH,
  GARDEN_NAME_MIN_LENGTH,
  GEO_LIMITS,
  PHOTO_MAX_BYTES,
  PUNCTURES_PER_SAMPLE,
} from '@gleba/contracts';

/** Spec sections 5 and 9: a test code has 12 to 16 characters. */
export function isBarcodeValid(code: string): boolean {
  const length = code.trim().length;
  return length >= BARCODE_MIN_LENGTH && length <= BARCODE_MAX_LENGTH;
}

export interface SampleForm {
  gardenName: string;
  plantId: string;
  /** As typed; empty = not given. */
  area: string;
  punctures: string;
  photo: File | null;
  /** Where the garden is, degrees as typed (comma or dot); both empty = not given. */
  lat: string;
  lon: string;
}

/** Message keys (`customerTests.*`) with their params, per field. */
export type FieldErrors = Partial<Record<keyof SampleForm, { key: string; params?: Record<string, number> }>>;

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export function parseArea(area: string): number | null {
  const text = area.trim().replace(',', '.');
  return text === '' ? null : Number(text);
}

function parseDegrees(text: string): number | null {
  const t = text.trim().replace(',', '.');
  return t === '' ? null : /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : NaN;
}

/** The garden's location for the API: null when not given (also when invalid: validateSample says why). */
export function parseLocation(form: Pick<SampleForm, 'lat' | 'lon'>): { lat: number; lon: number } | null {
  const lat = parseDegrees(form.lat);
  const lon = parseDegrees(form.lon);
  return lat === null || lon === null || Number.isNaN(lat) || Number.isNaN(lon) ? null : { lat, lon };
}

function locationErrors(form: SampleForm, errors: FieldErrors) {
  const lat = parseDegrees(form.lat);
  const lon = parseDegrees(form.lon);
  if (lat === null && lon === null) return;
  if (lat === null) errors.lat = { key: 'locationBoth' };
  else if (Number.isNaN(lat)) errors.lat = { key: 'coordinateInvalid' };
  if (lon === null) errors.lon = { key: 'locationBoth' };
  else if (Number.isNaN(lon)) errors.lon = { key: 'coordinateInvalid' };
  if (errors.lat || errors.lon) return;
  const [west, south, east, north] = GEO_LIMITS.extent;
  if (lat! < south || lat! > north) errors.lat = { key: 'locationOutsidePoland' };
  if (lon! < west || lon! > east) errors.lon = { key: 'locationOutsidePoland' };
}

export function validateSample(form: SampleForm): FieldErrors {
  const errors: FieldErrors = {};
  const name = form.gardenName.trim();
  if (name.length < GARDEN_NAME_MIN_LENGTH)
    errors.gardenName = { key: 'gardenNameTooShort', params: { min: GARDEN_NAME_MIN_LENGTH } };
  else if (name.length > GARDEN_NAME_MAX_LENGTH)
    errors.gardenName = { key: 'gardenNameTooLong', params: { max: GARDEN_NAME_MAX_LENGTH } };
  if (!form.plantId) errors.plantId = { key: 'plantRequired' };
  const area = parseArea(form.area);
  if (area !== null) {
    if (!Number.isFinite(area)) errors.area = { key: 'areaInvalid' };
    else if (area < 0) errors.area = { key: 'areaNegative' };
    else if (area > GARDEN_AREA_MAX_ARES)
      errors.area = { key: 'areaTooLarge', params: { max: GARDEN_AREA_MAX_ARES } };
  }
  const punctures = Number(form.punctures);
  if (
    !Number.isInteger(punctures) ||
    punctures < PUNCTURES_PER_SAMPLE.min ||
    punctures > PUNCTURES_PER_SAMPLE.max
  )
    errors.punctures = { key: 'puncturesInvalid' };
  if (form.photo) {
    if (!PHOTO_TYPES.includes(form.photo.type)) errors.photo = { key: 'photoNotImage' };
    else if (form.photo.size > PHOTO_MAX_BYTES)
      errors.photo = { key: 'photoTooLarge', params: { mb: PHOTO_MAX_BYTES / 1024 / 1024 } };
  }
  locationErrors(form, errors);
  return errors;
}
