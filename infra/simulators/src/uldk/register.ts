import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The TERC register the simulator answers for: the file geo ships and loads
 * (`services/geo/data/terc-2024-01-01.csv`, GUS layout `WOJ;POW;GMI;RODZ;NAZWA;NAZWA_DOD;STAN_NA`),
 * so every commune the cadastral form lists has precincts and parcels here.
 */
export const DEFAULT_TERC_FILE = path.resolve(
  import.meta.dirname,
  '../../../../services/geo/data/terc-2024-01-01.csv',
);

export interface RegisterCommune {
  /** `WWPPGG_R`, the form ULDK uses. */
  teryt: string;
  /** Its name as ULDK answers it: the TERC name, with the kind where the county has that name twice. */
  name: string;
  rodz: string;
  county: string;
  countyName: string;
  voivodeship: string;
  voivodeshipName: string;
}

export interface Register {
  voivodeships: { teryt: string; name: string }[];
  counties: { teryt: string; name: string }[];
  communes: RegisterCommune[];
}

export function readRegister(file: string = DEFAULT_TERC_FILE): Register {
  const rows = readFileSync(file, 'utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .slice(1)
    .filter((l) => l.trim())
    .map((l) => l.split(';').map((c) => c.trim()));
  const voivodeships = new Map<string, string>();
  const counties = new Map<string, string>();
  const communes: Omit<RegisterCommune, 'countyName' | 'voivodeshipName'>[] = [];
  const kinds = new Map<string, string>();
  for (const [woj = '', pow = '', gmi = '', rodz = '', name = '', kind = ''] of rows) {
    if (!gmi && !pow) voivodeships.set(woj, name.toLowerCase());
    else if (!gmi) counties.set(`${woj}${pow}`, name);
    else {
      const teryt = `${woj}${pow}${gmi}_${rodz}`;
      communes.push({ teryt, name, rodz, county: `${woj}${pow}`, voivodeship: woj });
      kinds.set(teryt, kind);
    }
  }
  const perCounty = new Map<string, number>();
  for (const c of communes)
    perCounty.set(`${c.county}|${c.name}`, (perCounty.get(`${c.county}|${c.name}`) ?? 0) + 1);
  return {
    voivodeships: [...voivodeships].map(([teryt, name]) => ({ teryt, name })),
    counties: [...counties].map(([teryt, name]) => ({ teryt, name })),
    communes: communes.map((c) => ({
      ...c,
      name: perCounty.get(`${c.county}|${c.name}`)! > 1 ? `${c.name} (${kinds.get(c.teryt)})` : c.name,
      countyName: counties.get(c.county) ?? '',
      voivodeshipName: voivodeships.get(c.voivodeship) ?? '',
    })),
  };
}
