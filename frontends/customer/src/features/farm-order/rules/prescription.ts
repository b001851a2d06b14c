import {
  prescribe,
  type DoseSource,
  type Prescription,
  type PrescriptionKind,
  type PrescriptionProduct,
} from '@gleba/agronomy';
import type { TPrescriptionExportBody } from '@gleba/contracts';
import type { SectorView } from './sector-views';
import { WHOLE } from './sector-views';

/** Light to dark green, lowest rate to highest (ColorBrewer YlGn, 7 classes). */
export const RATE_COLOURS = ['#f7fcb9', '#d9f0a3', '#addd8e', '#78c679', '#41ab5d', '#238443', '#005a32'];

/** The colour of a rate among the map's distinct rates (lowest lightest); null: no rate. */
export function rateColour(rate: number | null, rates: readonly number[], none: string): string {
  if (rate === null) return none;
  const i = rates.indexOf(rate);
  if (i < 0) return none;
  const at =
    rates.length === 1
      ? RATE_COLOURS.length - 2
      : Math.round((i * (RATE_COLOURS.length - 1)) / (rates.length - 1));
  return RATE_COLOURS[at]!;
}

/** The doses of a stored recommendation; null when it is missing or not of the shape `prescribe` reads. */
export function doseSource(rec: unknown): DoseSource | null {
  const r = rec as Partial<DoseSource> | null | undefined;
  const kg = (d: unknown) => typeof (d as { dose?: { kgPerHa?: unknown } })?.dose?.kgPerHa === 'number';
  if (
    !r?.liming ||
    !r.fertilizer ||
    typeof r.liming.caoTonnesPerHa !== 'number' ||
    typeof r.liming.noTable !== 'boolean' ||
    !kg(r.fertilizer.k2o) ||
    !kg(r.fertilizer.mgo) ||
    (r.fertilizer.p2o5 !== null && !kg(r.fertilizer.p2o5))
  )
    return null;
  return r as DoseSource;
}

/** The sectors a map can show (those with a shape and an area), each with its result's recommendation. */
export function mappedSectors(views: readonly SectorView[]): SectorView[] {
  return views.filter((v) => v.geometry !== null && v.areaHa !== null);
}

/** The rates of one product on the sectors that have a shape (decision 0059). */
export function sectorPrescription(views: readonly SectorView[], product: PrescriptionProduct): Prescription {
  return prescribe(
    mappedSectors(views).map((v) => ({
      key: v.key,
      areaHa: v.areaHa!,
      recommendation: doseSource(v.result?.recommendation),
    })),
    product,
  );
}

/** What geo writes the files from: the rate of every sector that has one (decision 0060). */
export function exportBody(prescription: Prescription, kind: PrescriptionKind): TPrescriptionExportBody {
  return {
    kind,
    productId: prescription.product.id,
    zones: prescription.zones
      .filter((z) => z.rateKgPerHa !== null)
      .map((z) => ({ sectorId: z.key === WHOLE ? null : z.key, rateKgPerHa: z.rateKgPerHa! })),
  };
}
