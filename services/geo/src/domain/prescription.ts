import {
  FERTILIZER_PRODUCT_MESSAGE,
  LIME_PRODUCT_MESSAGE,
  prescriptionProduct,
  type PrescriptionKind,
  type PrescriptionProduct,
} from '@gleba/agronomy';
import type { TPrescriptionExportBody } from '@gleba/contracts';
import { geoError } from './errors';
import type { Area } from './geometry';

/** A crop as the export needs it: its outline and its sectors with geo's own areas. */
export interface PrescriptionCrop {
  id: string;
  name: string;
  geometry: Area;
  areaHa: number;
  sectors: { id: string; name: string; geometry: Area; areaHa: number }[];
}

export interface PrescriptionZoneShape {
  /** null: the undivided crop as a whole. */
  sectorId: string | null;
  name: string;
  geometry: Area;
  areaHa: number;
  rateKgPerHa: number;
}

/** Everything a file of a prescription is written from (decision 0060). */
export interface PrescriptionPlan {
  cropId: string;
  fieldName: string;
  boundary: Area;
  boundaryAreaHa: number;
  product: PrescriptionProduct & { name: string };
  zones: PrescriptionZoneShape[];
  /** The distinct rates, lowest first, each with its sectors: one ISOXML treatment zone per rate. */
  byRate: { rateKgPerHa: number; zones: PrescriptionZoneShape[] }[];
}

/** The message key of a product's name (the same names as the results page). */
export function productNameKey(product: PrescriptionProduct): string {
  return product.kind === 'LIME'
    ? LIME_PRODUCT_MESSAGE[product.id as keyof typeof LIME_PRODUCT_MESSAGE]
    : FERTILIZER_PRODUCT_MESSAGE[product.id as keyof typeof FERTILIZER_PRODUCT_MESSAGE];
}

/**
 * Checks the farmer's rates against the crop and joins them with geo's shapes: each zone names a
 * sector of this crop (or null for an undivided crop as a whole) at most once; the product is one
 * of the kind's list. Sectors without a rate are left out (no zone).
 */
export function planPrescription(
  crop: PrescriptionCrop,
  body: TPrescriptionExportBody,
  productName: (product: PrescriptionProduct) => string,
): PrescriptionPlan {
  const product = prescriptionProduct(body.kind as PrescriptionKind, body.productId);
  if (!product)
    throw geoError('prescriptionProductUnknown', `No product ${body.productId} for ${body.kind}`, {
      product: body.productId,
    });
  const divided = crop.sectors.length > 1;
  const seen = new Set<string>();
  const zones = body.zones.map((z): PrescriptionZoneShape => {
    const key = z.sectorId ?? 'whole';
    if (seen.has(key)) throw geoError('prescriptionZonesInvalid', `Sector ${key} appears twice`);
    seen.add(key);
    if (z.sectorId === null) {
      if (divided) throw geoError('prescriptionZonesInvalid', 'A divided crop needs a rate per sector');
      return {
        sectorId: null,
        name: crop.name,
        geometry: crop.geometry,
        areaHa: crop.areaHa,
        rateKgPerHa: z.rateKgPerHa,
      };
    }
    const sector = crop.sectors.find((s) => s.id === z.sectorId);
    if (!sector) throw geoError('prescriptionZonesInvalid', `Sector ${z.sectorId} is not of this crop`);
    return {
      sectorId: sector.id,
      name: sector.name,
      geometry: sector.geometry,
      areaHa: sector.areaHa,
      rateKgPerHa: z.rateKgPerHa,
    };
  });
  // An undivided crop's only sector is the crop itself: null and its id name the same ground.
  if (!divided && seen.size > 1) throw geoError('prescriptionZonesInvalid', 'The crop has a single sector');
  const rates = [...new Set(zones.map((z) => z.rateKgPerHa))].sort((a, b) => a - b);
  return {
    cropId: crop.id,
    fieldName: crop.name,
    boundary: crop.geometry,
    boundaryAreaHa: crop.areaHa,
    product: { ...product, name: productName(product) },
    zones,
    byRate: rates.map((rateKgPerHa) => ({
      rateKgPerHa,
      zones: zones.filter((z) => z.rateKgPerHa === rateKgPerHa),
    })),
  };
}

/** ASCII file-name part of a field or product name: "Pole za wsią" -> "pole-za-wsia". */
export function slug(text: string): string {
  const ascii = text
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/g, '');
  return ascii || 'field';
}

/** `gleba-<field>-<product>` (ISOXML `…-isoxml.zip`, Shapefile `…-shp.zip`, GeoJSON `….geojson`). */
export function prescriptionFileName(plan: PrescriptionPlan, format: 'isoxml' | 'shp' | 'geojson'): string {
  const base = `gleba-${slug(plan.fieldName)}-${plan.product.id.toLowerCase().replace(/_/g, '-')}`;
  return format === 'geojson' ? `${base}.geojson` : `${base}-${format}.zip`;
}
