import { roundTo } from './rounding';
import { FERTILIZER, type FertilizerProduct } from './rulesets/fertilizer';
import { LIME_PRODUCTS, caoEquivalentPercent, type LimeProduct } from './rulesets/lime-products';
import type { Ruleset } from './types';

/** What a variable-rate map spreads: lime, or a P, K or Mg fertilizer (decision 0059). */
export const PRESCRIPTION_KINDS = ['LIME', 'P2O5', 'K2O', 'MGO'] as const;
export type PrescriptionKind = (typeof PRESCRIPTION_KINDS)[number];
export type PrescriptionProductId = LimeProduct | FertilizerProduct;

/** A product the farmer can choose for a map: its nutrient content and the step its rates are rounded to. */
export interface PrescriptionProduct {
  readonly id: PrescriptionProductId;
  readonly kind: PrescriptionKind;
  /** % of the nutrient the dose is given in: CaO equivalent (CaO + 1.39 MgO) for lime, else P2O5, K2O or MgO. */
  readonly percent: number;
  /** Rates are rounded to this many kg of product per ha (a spreader's setting, decision 0059). */
  readonly stepKgPerHa: number;
}

export interface PrescriptionRuleset extends Ruleset {
  readonly stepKgPerHa: Readonly<Record<PrescriptionKind, number>>;
}

export const PRESCRIPTION_RULES: PrescriptionRuleset = {
  id: 'GLEBA_PRESCRIPTION',
  version: 1,
  source:
    'Product rate = nutrient dose / declared content (LIME_PRODUCTS, IUNG_UPTAKE_FACTOR); rounded to a spreader step: ' +
    '100 kg/ha for lime, 5 kg/ha for fertilizers (decision 0059)',
  stepKgPerHa: { LIME: 100, P2O5: 5, K2O: 5, MGO: 5 },
};

/** Every product of the lime and fertilizer rulesets, by kind, in the rulesets' order. */
export const PRESCRIPTION_PRODUCTS: Readonly<Record<PrescriptionKind, readonly PrescriptionProduct[]>> = {
  LIME: (Object.keys(LIME_PRODUCTS.products) as LimeProduct[]).map((id) => ({
    id,
    kind: 'LIME' as const,
    percent: roundTo(caoEquivalentPercent(LIME_PRODUCTS.products[id]), 2),
    stepKgPerHa: PRESCRIPTION_RULES.stepKgPerHa.LIME,
  })),
  ...(Object.fromEntries(
    (['P2O5', 'K2O', 'MGO'] as const).map((kind) => [
      kind,
      FERTILIZER.products[kind].map(({ product, percent }) => ({
        id: product,
        kind,
        percent,
        stepKgPerHa: PRESCRIPTION_RULES.stepKgPerHa[kind],
      })),
    ]),
  ) as Record<'P2O5' | 'K2O' | 'MGO', PrescriptionProduct[]>),
};

/** The product of a kind by id (a product can serve only the nutrient it is listed for). */
export function prescriptionProduct(kind: PrescriptionKind, id: string): PrescriptionProduct | undefined {
  return PRESCRIPTION_PRODUCTS[kind].find((p) => p.id === id);
}

/** What of a recommendation (`recommend()`, or as lab-import stores it) a map needs. */
export interface DoseSource {
  readonly liming: { readonly noTable: boolean; readonly caoTonnesPerHa: number };
  readonly fertilizer: {
    readonly p2o5: { readonly dose: { readonly kgPerHa: number } } | null;
    readonly k2o: { readonly dose: { readonly kgPerHa: number } };
    readonly mgo: { readonly dose: { readonly kgPerHa: number } };
  };
}

/**
 * kg of the nutrient per ha the recommendation asks for now (CaO for lime; the "b" of an "a+b"
 * lime dose belongs to a later year and is not spread now). null: no table gives a dose (organic
 * soils: lime where it is needed, phosphorus), which is unknown, not zero.
 */
export function nutrientDoseKgPerHa(rec: DoseSource, kind: PrescriptionKind): number | null {
  switch (kind) {
    case 'LIME':
      return rec.liming.noTable ? null : rec.liming.caoTonnesPerHa * 1000;
    case 'P2O5':
      return rec.fertilizer.p2o5 ? rec.fertilizer.p2o5.dose.kgPerHa : null;
    case 'K2O':
      return rec.fertilizer.k2o.dose.kgPerHa;
    case 'MGO':
      return rec.fertilizer.mgo.dose.kgPerHa;
  }
}

/** kg of product per ha for a nutrient dose: dose / content, rounded half up to the product's step. */
export function productRateKgPerHa(doseKgPerHa: number, product: PrescriptionProduct): number {
  if (!Number.isFinite(doseKgPerHa) || doseKgPerHa < 0)
    throw new RangeError(`dose must be a finite number >= 0, got ${doseKgPerHa}`);
  const raw = doseKgPerHa / (product.percent / 100);
  return roundTo(raw / product.stepKgPerHa, 0) * product.stepKgPerHa;
}

export interface PrescriptionSectorInput {
  readonly key: string;
  readonly areaHa: number;
  /** null: the sector has no result (or no recommendation), so it gets no rate. */
  readonly recommendation: DoseSource | null;
}

export interface PrescriptionZone {
  readonly key: string;
  readonly areaHa: number;
  /** kg of product per ha; null: no result or no table for this sector (nothing is spread there). */
  readonly rateKgPerHa: number | null;
  /** rate x area, kg (0 where there is no rate). */
  readonly amountKg: number;
}

export interface Prescription {
  readonly product: PrescriptionProduct;
  readonly zones: readonly PrescriptionZone[];
  /** The distinct rates, lowest first: one treatment zone (and one legend entry) each. */
  readonly rates: readonly number[];
  /** What to buy: the sum of rate x area, kg, and the same in tonnes. */
  readonly totalKg: number;
  readonly totalTonnes: number;
  /** ha with a rate (zero included) and ha without one. */
  readonly areaWithRateHa: number;
  readonly areaWithoutRateHa: number;
  readonly rulesets: { readonly prescription: { readonly id: string; readonly version: number } };
}

/** A variable-rate map of one product: a rate per sector from its recommendation, and the total to buy. */
export function prescribe(
  sectors: readonly PrescriptionSectorInput[],
  product: PrescriptionProduct,
): Prescription {
  const zones = sectors.map((s): PrescriptionZone => {
    if (!Number.isFinite(s.areaHa) || s.areaHa < 0)
      throw new RangeError(`area of ${s.key} must be a finite number >= 0, got ${s.areaHa}`);
    const dose = s.recommendation ? nutrientDoseKgPerHa(s.recommendation, product.kind) : null;
    const rate = dose === null ? null : productRateKgPerHa(dose, product);
    return { key: s.key, areaHa: s.areaHa, rateKgPerHa: rate, amountKg: roundTo((rate ?? 0) * s.areaHa, 1) };
  });
  const totalKg = roundTo(
    zones.reduce((sum, z) => sum + (z.rateKgPerHa ?? 0) * z.areaHa, 0),
    0,
  );
  const rates = [...new Set(zones.flatMap((z) => (z.rateKgPerHa === null ? [] : [z.rateKgPerHa])))].sort(
    (a, b) => a - b,
  );
  const area = (withRate: boolean) =>
    roundTo(
      zones.filter((z) => (z.rateKgPerHa !== null) === withRate).reduce((sum, z) => sum + z.areaHa, 0),
      4,
    );
  return {
    product,
    zones,
    rates,
    totalKg,
    totalTonnes: roundTo(totalKg / 1000, 2),
    areaWithRateHa: area(true),
    areaWithoutRateHa: area(false),
    rulesets: { prescription: { id: PRESCRIPTION_RULES.id, version: PRESCRIPTION_RULES.version } },
  };
}
