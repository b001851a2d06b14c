/**
 * Which of a file's attributes name a plot, give its number and its declared area. Polish
 * farmers' files come from eWniosekPlus (ARiMR's direct-payment application: the agricultural
 * parcels, "działki rolne", designated by a letter and area), from the cadastre (ULDK, KIEG,
 * geoportal: a parcel number and its "pole ewidencyjne") or from GIS tools. Keys are compared
 * lower-case without Polish diacritics, spaces, dashes or underscores, so `Oznaczenie`,
 * `OZNACZENIE`, `oznaczenie_dz` and DBF's 10-character `POWIERZCHN` all match. The first key
 * in each list that the feature has wins. Documented in the geo README ("Import and export").
 */
export const PLOT_ATTRIBUTES = {
  name: [
    'name',
    'nazwa',
    'nazwapola',
    'nazwadzialki',
    'oznaczenie',
    'oznaczeniedzialkirolnej',
    'oznaczeniedr',
    'oznaczeni',
    'oznacz',
    'ozndr',
    'dzialkarolna',
    'dzrolna',
    'symbol',
    'label',
    'etykieta',
  ],
  number: [
    'plotnumber',
    'numer',
    'numerdzialki',
    'numerdzialkiewidencyjnej',
    'nrdzialki',
    'nrdzialkiewid',
    'nrdzewid',
    'nrewid',
    'nrdz',
    'nr',
    'iddzialki',
    'identyfikatordzialki',
    'numerdzial',
    'nrdzialkie',
  ],
  areaHa: [
    'areaha',
    'powierzchnia',
    'powierzchn',
    'powierzchniaha',
    'powha',
    'pow',
    'powdekl',
    'powierzchniadeklarowana',
    'poleewidencyjne',
    'poleewiden',
    'area',
  ],
} as const;

const key = (k: string) =>
  k
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ł/g, 'l')
    .replace(/[\s_\-.]/g, '');

/** A feature's name, number and declared area (ha) from its attributes, by `PLOT_ATTRIBUTES`. */
export function plotAttributes(props: Record<string, unknown> | null | undefined): {
  name: string | null;
  plotNumber: string | null;
  fileAreaHa: number | null;
} {
  const byKey = new Map<string, unknown>();
  for (const [k, v] of Object.entries(props ?? {})) {
    const kk = key(k);
    if (!byKey.has(kk) && v !== null && v !== undefined && String(v).trim() !== '') byKey.set(kk, v);
  }
  const first = (keys: readonly string[]) => {
    for (const k of keys) {
      const v = byKey.get(key(k));
      if (typeof v === 'string' || typeof v === 'number') return String(v).trim();
    }
    return null;
  };
  const area = first(PLOT_ATTRIBUTES.areaHa);
  const areaNumber = area === null ? NaN : Number(area.replace(',', '.'));
  return {
    name: first(PLOT_ATTRIBUTES.name)?.slice(0, 100) ?? null,
    plotNumber: first(PLOT_ATTRIBUTES.number)?.slice(0, 32) ?? null,
    fileAreaHa: Number.isFinite(areaNumber) && areaNumber >= 0 ? areaNumber : null,
  };
}
