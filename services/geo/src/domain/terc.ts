import { VOIVODESHIP_TERYT, type Voivodeship } from '@gleba/contracts';

/** One row of GUS's TERC file (`WOJ;POW;GMI;RODZ;NAZWA;NAZWA_DOD;STAN_NA`). */
export interface TercUnit {
  /** County `WWPP`, voivodeship `WW`, commune `WWPPGG_R` (the form ULDK uses). */
  teryt: string;
  level: 'VOIVODESHIP' | 'COUNTY' | 'COMMUNE';
  woj: string;
  pow: string | null;
  gmi: string | null;
  rodz: string | null;
  name: string;
  kindName: string;
  validOn: string | null;
}

export class TercFormatError extends Error {}

const HEADER = ['WOJ', 'POW', 'GMI', 'RODZ', 'NAZWA', 'NAZWA_DOD', 'STAN_NA'];

/** Parses the TERC file (UTF-8, a BOM and CRLF line ends tolerated); refuses anything else. */
export function parseTerc(text: string): TercUnit[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  const header = lines[0]?.split(';').map((h) => h.trim().toUpperCase());
  if (!header || HEADER.some((h, i) => header[i] !== h)) {
    throw new TercFormatError(`expected header ${HEADER.join(';')}`);
  }
  return lines.slice(1).map((line, index) => {
    const cols = line.split(';').map((c) => c.trim());
    const [woj = '', pow = '', gmi = '', rodz = '', name = '', kindName = '', validOn = ''] = cols;
    const where = `line ${index + 2}`;
    if (cols.length !== HEADER.length)
      throw new TercFormatError(`${where}: expected ${HEADER.length} fields, found ${cols.length}`);
    if (!/^\d{2}$/.test(woj)) throw new TercFormatError(`${where}: WOJ must be 2 digits`);
    if (pow && !/^\d{2}$/.test(pow)) throw new TercFormatError(`${where}: POW must be 2 digits`);
    if (gmi && (!/^\d{2}$/.test(gmi) || !/^[1-9]$/.test(rodz) || !pow))
      throw new TercFormatError(`${where}: GMI needs POW and a 1-digit RODZ`);
    if (!gmi && rodz) throw new TercFormatError(`${where}: RODZ without GMI`);
    if (!name) throw new TercFormatError(`${where}: NAZWA is empty`);
    if (validOn && !/^\d{4}-\d{2}-\d{2}$/.test(validOn))
      throw new TercFormatError(`${where}: STAN_NA must be a date`);
    const level = gmi ? 'COMMUNE' : pow ? 'COUNTY' : 'VOIVODESHIP';
    const teryt = level === 'COMMUNE' ? `${woj}${pow}${gmi}_${rodz}` : `${woj}${pow}`;
    return {
      teryt,
      level,
      woj,
      pow: pow || null,
      gmi: gmi || null,
      rodz: rodz || null,
      name,
      kindName,
      validOn: validOn || null,
    };
  });
}

/**
 * The whole register, as the import and the shipped file's migration take it: the rows parse, no
 * code twice, every county's voivodeship and every commune's county in the file, and exactly the
 * 16 voivodeships. A partial or foreign file is refused (nothing is written).
 */
export function parseTercRegister(text: string): TercUnit[] {
  const units = parseTerc(text);
  const seen = new Set<string>();
  for (const u of units) {
    if (seen.has(u.teryt)) throw new TercFormatError(`unit ${u.teryt} appears twice`);
    seen.add(u.teryt);
  }
  for (const u of units) {
    if (!BY_TERYT.has(u.woj)) throw new TercFormatError(`unit ${u.teryt}: unknown voivodeship ${u.woj}`);
    if (!seen.has(u.woj))
      throw new TercFormatError(`unit ${u.teryt}: voivodeship ${u.woj} is not in the file`);
    if (u.level === 'COMMUNE' && !seen.has(`${u.woj}${u.pow}`))
      throw new TercFormatError(`unit ${u.teryt}: county ${u.woj}${u.pow} is not in the file`);
  }
  const missing = [...BY_TERYT.keys()].filter((w) => !seen.has(w));
  if (missing.length) throw new TercFormatError(`voivodeships missing: ${missing.join(', ')}`);
  return units;
}

const BY_TERYT = new Map(
  Object.entries(VOIVODESHIP_TERYT).map(([code, teryt]) => [teryt, code as Voivodeship]),
);

export function voivodeshipOfTeryt(teryt: string): Voivodeship | undefined {
  return BY_TERYT.get(teryt.slice(0, 2));
}

/** Names of the voivodeships as GUS writes them (TERC `NAZWA`), for when no TERC file is loaded. */
export const VOIVODESHIP_NAMES: Record<Voivodeship, string> = {
  LOWER_SILESIAN: 'dolnośląskie',
  KUYAVIAN_POMERANIAN: 'kujawsko-pomorskie',
  LUBLIN: 'lubelskie',
  LUBUSZ: 'lubuskie',
  LODZ: 'łódzkie',
  LESSER_POLAND: 'małopolskie',
  MASOVIAN: 'mazowieckie',
  OPOLE: 'opolskie',
  SUBCARPATHIAN: 'podkarpackie',
  PODLASKIE: 'podlaskie',
  POMERANIAN: 'pomorskie',
  SILESIAN: 'śląskie',
  SWIETOKRZYSKIE: 'świętokrzyskie',
  WARMIAN_MASURIAN: 'warmińsko-mazurskie',
  GREATER_POLAND: 'wielkopolskie',
  WEST_POMERANIAN: 'zachodniopomorskie',
};

/** Centroids of some towns for the map's city search (lat, lng); others come from a geocoder. */
export const CITY_CENTROIDS: Record<string, [number, number]> = {
  '146501_1': [52.2297, 21.0122],
  '126101_1': [50.0647, 19.945],
  '306401_1': [52.4064, 16.9252],
  '026401_1': [51.1079, 17.0385],
  '106101_1': [51.7592, 19.456],
  '226101_1': [54.352, 18.6466],
  '066301_1': [51.2465, 22.5684],
  '141201_1': [52.1793, 21.5719],
  '141212_4': [52.1617, 21.8031],
};
