import { z } from 'zod';

/** The six services that hold personal data: each answers an export and an erasure for its own. */
export const PRIVACY_SERVICES = [
  'identity',
  'geo',
  'orders',
  'lab-import',
  'shipping',
  'notification',
] as const;
export const PrivacyService = z.enum(PRIVACY_SERVICES);
export type PrivacyService = z.infer<typeof PrivacyService>;

/**
 * An export part travels in its event (decision 0056): the service's files as JSON, gzipped and
 * base64-encoded, at most this many characters (about 12 MB of compressed JSON).
 */
export const EXPORT_PART_MAX_CHARS = 16_000_000;

/** One file of an export part: `<service>.json`, or a GeoJSON file (geo's plots and crops). */
export const ZExportFile = z.object({
  name: z.string().regex(/^[a-z0-9-]+\.(json|geojson)$/),
  content: z.unknown(),
});
export type TExportFile = z.infer<typeof ZExportFile>;

/**
 * The owner that kept records of an erased person point to (decision 0057): results a lab must keep
 * are detached from the person by moving them to this id, which no account has.
 */
export const ERASED_USER_ID = '00000000-0000-0000-0000-000000000000';
