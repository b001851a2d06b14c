import { AgronomicCategory, ImportTestType } from '@gleba/contracts';
import { namespaces } from '@gleba/i18n';

/**
 * The lab's file format: one row per sample, a labels column (the sample's code or the garden
 * test's barcode), a test type column, one column per parameter and, where the lab gives one, a
 * descriptive-value column beside it. Headers are matched in pl and en, case-insensitively; units
 * in brackets and the chemical symbol may be added or left out. See the service README.
 */

export type ParamKey =
  | 'PH_KCL'
  | 'PH_H2O'
  | 'P2O5'
  | 'K2O'
  | 'MG'
  | 'CATEGORY'
  | 'B'
  | 'CU'
  | 'FE'
  | 'MN'
  | 'ZN'
  | 'N_NO3'
  | 'N_NH4'
  | 'SALINITY'
  | 'P_UM'
  | 'K_UM'
  | 'MG_UM'
  | 'CA_UM'
  | 'HUMUS'
  | 'S_SO4'
  | 'CA';

type LabResultsKey = keyof (typeof namespaces)['labResults']['pl'] & string;

export interface ParamSpec {
  key: ParamKey;
  /** Message key of its name in the `labResults` namespace. */
  nameKey: LabResultsKey;
  symbol: string;
  unit: string;
  /** Extra header spellings (besides the pl/en/uk names and the symbol). */
  aliases: string[];
  /** The agronomic category is a word, every other parameter a number. */
  kind: 'number' | 'category';
  /** Plausible range: a value outside is refused as a typo, not stored. */
  min?: number;
  max?: number;
}

export const PARAMS: readonly ParamSpec[] = [
  {
    key: 'PH_KCL',
    nameKey: 'paramPhKcl',
    symbol: 'pH KCl',
    unit: '-',
    aliases: ['ph kcl', 'ph', 'odczyn', 'odczyn ph', 'ph w 1m kcl'],
    kind: 'number',
    min: 0,
    max: 14,
  },
  {
    key: 'P2O5',
    nameKey: 'paramP2o5',
    symbol: 'P2O5',
    unit: 'mg/100 g',
    aliases: [],
    kind: 'number',
    min: 0,
    max: 1000,
  },
  {
    key: 'K2O',
    nameKey: 'paramK2o',
    symbol: 'K2O',
    unit: 'mg/100 g',
    aliases: [],
    kind: 'number',
    min: 0,
    max: 1000,
  },
  {
    key: 'MG',
    nameKey: 'paramMg',
    symbol: 'Mg',
    unit: 'mg/100 g',
    aliases: [],
    kind: 'number',
    min: 0,
    max: 1000,
  },
  {
    key: 'CATEGORY',
    nameKey: 'paramCategory',
    symbol: 'kat.',
    unit: '-',
    aliases: ['kategoria', 'category', 'kategoria gleby', 'soil category', 'kategoria agronomiczna gleby'],
    kind: 'category',
  },
  {
    key: 'PH_H2O',
    nameKey: 'paramPhH2o',
    symbol: 'pH H2O',
    unit: '-',
    aliases: ['ph h2o'],
    kind: 'number',
    min: 0,
    max: 14,
  },
  { key: 'B', nameKey: 'paramB', symbol: 'B', unit: 'mg/kg', aliases: [], kind: 'number', min: 0 },
  { key: 'CU', nameKey: 'paramCu', symbol: 'Cu', unit: 'mg/kg', aliases: [], kind: 'number', min: 0 },
  { key: 'FE', nameKey: 'paramFe', symbol: 'Fe', unit: 'mg/kg', aliases: [], kind: 'number', min: 0 },
  { key: 'MN', nameKey: 'paramMn', symbol: 'Mn', unit: 'mg/kg', aliases: [], kind: 'number', min: 0 },
  { key: 'ZN', nameKey: 'paramZn', symbol: 'Zn', unit: 'mg/kg', aliases: [], kind: 'number', min: 0 },
  {
    key: 'N_NO3',
    nameKey: 'paramNNo3',
    symbol: 'N-NO3',
    unit: 'mg/kg',
    aliases: ['no3', 'n no3'],
    kind: 'number',
    min: 0,
  },
  {
    key: 'N_NH4',
    nameKey: 'paramNNh4',
    symbol: 'N-NH4',
    unit: 'mg/kg',
    aliases: ['nh4', 'n nh4'],
    kind: 'number',
    min: 0,
  },
  {
    key: 'SALINITY',
    nameKey: 'paramSalinity',
    symbol: 'EC',
    unit: 'g NaCl/dm3',
    aliases: ['nacl'],
    kind: 'number',
    min: 0,
  },
  { key: 'P_UM', nameKey: 'paramPUm', symbol: 'P (MU)', unit: 'mg/dm3', aliases: [], kind: 'number', min: 0 },
  { key: 'K_UM', nameKey: 'paramKUm', symbol: 'K (MU)', unit: 'mg/dm3', aliases: [], kind: 'number', min: 0 },
  {
    key: 'MG_UM',
    nameKey: 'paramMgUm',
    symbol: 'Mg (MU)',
    unit: 'mg/dm3',
    aliases: [],
    kind: 'number',
    min: 0,
  },
  {
    key: 'CA_UM',
    nameKey: 'paramCaUm',
    symbol: 'Ca (MU)',
    unit: 'mg/dm3',
    aliases: [],
    kind: 'number',
    min: 0,
  },
  {
    key: 'HUMUS',
    nameKey: 'paramHumus',
    symbol: 'OM',
    unit: '%',
    aliases: ['materia organiczna', 'organic matter'],
    kind: 'number',
    min: 0,
    max: 100,
  },
  {
    key: 'S_SO4',
    nameKey: 'paramSulfur',
    symbol: 'S-SO4',
    unit: 'mg/100 g',
    aliases: ['siarka', 'sulfur', 'sulphur', 's'],
    kind: 'number',
    min: 0,
  },
  {
    key: 'CA',
    nameKey: 'paramCa',
    symbol: 'Ca',
    unit: 'mg/100 g',
    aliases: ['wapń', 'calcium'],
    kind: 'number',
    min: 0,
  },
];

export const PARAM_BY_KEY: ReadonlyMap<ParamKey, ParamSpec> = new Map(PARAMS.map((p) => [p.key, p]));

/** The parameters each test type must report (a row missing one is incomplete). */
export const TEST_PARAMS: Readonly<Record<ImportTestType, readonly ParamKey[]>> = {
  BASIC_TEST: ['PH_KCL', 'P2O5', 'K2O', 'MG', 'CATEGORY'],
  EGNER: ['P2O5', 'K2O'],
  ORCHARD: ['PH_KCL', 'P2O5', 'K2O', 'MG'],
  MICRO: ['B', 'CU', 'FE', 'MN', 'ZN'],
  NITROGEN: ['N_NO3', 'N_NH4'],
  UNIVERSAL_METHOD: ['PH_H2O', 'SALINITY', 'N_NO3', 'P_UM', 'K_UM', 'MG_UM', 'CA_UM'],
  HUMUS: ['HUMUS'],
  SULFUR: ['S_SO4'],
  ABSORBABLE_CALCIUM: ['CA'],
};

/** Headers of the template, in Polish (the lab's language): "Fosfor P2O5 [mg/100 g]". */
export const LABEL_HEADER = 'Etykieta';
export const TEST_TYPE_HEADER = 'Rodzaj badania';
export const DESCRIPTION_SUFFIX = 'opis';
/** The label of the template's example row: a row with it is skipped, wherever it is left. */
export const EXAMPLE_LABEL = 'PRZYKLAD000000';

const LABEL_ALIASES = [
  'etykieta',
  'etykiety',
  'label',
  'labels',
  'kod',
  'kod próbki',
  'kod probki',
  'code',
  'sample code',
  'kod kreskowy',
  'barcode',
  'etykieta próbki',
  'sample label',
];
const TEST_TYPE_ALIASES = [
  'rodzaj badania',
  'typ badania',
  'badanie',
  'test type',
  'type of test',
  'test',
  'rodzaj',
  'typ',
];
const DESCRIPTION_SUFFIXES = [
  'opis',
  'wartość opisowa',
  'wartosc opisowa',
  'description',
  'descriptive value',
  'value descripted',
  'опис',
];

/** Lower case, subscripts as digits, punctuation as spaces, units in square brackets dropped. */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/[()_,;:–—]/g, ' ')
    .replace(/\s+-\s*$/, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function paramAliases(p: ParamSpec): string[] {
  const names = (['pl', 'en', 'uk'] as const).map((lang) => namespaces.labResults[lang][p.nameKey]);
  const out = new Set<string>([p.symbol, p.key, ...p.aliases]);
  for (const n of names) {
    out.add(n);
    out.add(`${n} ${p.symbol}`);
  }
  return [...out].map(normalizeHeader);
}

const PARAM_ALIASES: ReadonlyMap<string, ParamKey> = (() => {
  const map = new Map<string, ParamKey>();
  for (const p of PARAMS) for (const a of paramAliases(p)) if (!map.has(a)) map.set(a, p.key);
  return map;
})();
const UNIT_SUFFIXES = [
  ...new Set(PARAMS.map((p) => normalizeHeader(p.unit)).filter((u) => u.length > 0 && u !== '-')),
].sort((a, b) => b.length - a.length);

function matchParam(normalized: string): ParamKey | undefined {
  const exact = PARAM_ALIASES.get(normalized);
  if (exact) return exact;
  for (const unit of UNIT_SUFFIXES) {
    if (normalized.endsWith(` ${unit}`)) {
      const found = PARAM_ALIASES.get(normalized.slice(0, -unit.length - 1).trim());
      if (found) return found;
    }
  }
  return undefined;
}

export type ColumnRole =
  | { role: 'label' }
  | { role: 'testType' }
  | { role: 'value'; param: ParamKey }
  | { role: 'description'; param: ParamKey };

/** What a header cell names, or undefined for a column the format does not know (ignored). */
export function classifyHeader(text: string): ColumnRole | undefined {
  const h = normalizeHeader(text);
  if (!h) return undefined;
  if (LABEL_ALIASES.includes(h)) return { role: 'label' };
  if (TEST_TYPE_ALIASES.includes(h)) return { role: 'testType' };
  const param = matchParam(h);
  if (param) return { role: 'value', param };
  for (const suffix of DESCRIPTION_SUFFIXES) {
    if (h.endsWith(` ${suffix}`)) {
      const p = matchParam(
        h
          .slice(0, -suffix.length - 1)
          .replace(/ -$/, '')
          .trim(),
      );
      if (p) return { role: 'description', param: p };
    }
  }
  return undefined;
}

export interface HeaderLayout {
  label: number;
  testType: number | null;
  values: Map<ParamKey, number>;
  descriptions: Map<ParamKey, number>;
  /** The header text of each column the layout uses, as the file writes it (for messages). */
  headers: Map<number, string>;
}

/** The column's letters as Excel shows them (1 -> A, 27 -> AA). */
export function columnLetter(index: number): string {
  let out = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26))
    out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
  return out;
}

/** Column indexes (1-based as exceljs gives them) of a header row; null when there is no labels column. */
export function layoutOf(headerCells: readonly unknown[]): HeaderLayout | null {
  let label: number | null = null;
  let testType: number | null = null;
  const values = new Map<ParamKey, number>();
  const descriptions = new Map<ParamKey, number>();
  const headers = new Map<number, string>();
  headerCells.forEach((cell, index) => {
    const text = cellText(cell);
    if (text === null) return;
    const role = classifyHeader(text);
    if (!role) return;
    headers.set(index, text);
    if (role.role === 'label') label ??= index;
    else if (role.role === 'testType') testType ??= index;
    else if (role.role === 'value') {
      if (!values.has(role.param)) values.set(role.param, index);
    } else if (!descriptions.has(role.param)) descriptions.set(role.param, index);
  });
  return label === null ? null : { label, testType, values, descriptions, headers };
}

/** The text of a cell as exceljs's streaming reader gives it (string, number, rich text, formula result). */
export function cellText(cell: unknown): string | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'string') return cell.trim() || null;
  if (typeof cell === 'number' || typeof cell === 'boolean') return String(cell);
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === 'object') {
    const c = cell as { richText?: { text: string }[]; result?: unknown; text?: unknown };
    if (Array.isArray(c.richText))
      return (
        c.richText
          .map((r) => r.text)
          .join('')
          .trim() || null
      );
    if ('result' in c) return cellText(c.result);
    if (typeof c.text === 'string') return c.text.trim() || null;
  }
  return null;
}

/** A number written as text: a decimal comma is fine, "<0,5" is 0.5. */
export function textNumber(text: string): number | null {
  const m = /^[<>≤≥]?\s*(-?\d+(?:[.,]\d+)?)$/.exec(text.replace(/\s/g, ''));
  return m ? Number(m[1]!.replace(',', '.')) : null;
}

/** Text that reads as a date (2026-03-15, 15.03.2026, 15/03/26). */
const DATE_TEXT = /^(\d{4}[-./]\d{1,2}[-./]\d{1,2}|\d{1,2}[-./]\d{1,2}[-./]\d{2,4})$/;

/** What a cell holds, as a number column reads it. */
export type CellContent =
  | { kind: 'empty' }
  | { kind: 'number'; value: number }
  | { kind: 'text'; text: string }
  | { kind: 'date'; date: string }
  | { kind: 'formulaNoValue'; formula: string }
  | { kind: 'error'; error: string };

/**
 * A cell as exceljs's streaming reader gives it: a number, a string, rich text, a Date (a number
 * cell with a date format), a formula with or without its stored result, or an error (#N/A).
 */
export function cellContent(cell: unknown): CellContent {
  if (cell === null || cell === undefined) return { kind: 'empty' };
  if (typeof cell === 'number')
    return Number.isFinite(cell) ? { kind: 'number', value: cell } : { kind: 'text', text: String(cell) };
  if (cell instanceof Date)
    return { kind: 'date', date: Number.isNaN(cell.getTime()) ? '?' : cell.toISOString().slice(0, 10) };
  if (typeof cell === 'object') {
    const c = cell as { formula?: unknown; sharedFormula?: unknown; result?: unknown; error?: unknown };
    if (typeof c.error === 'string') return { kind: 'error', error: c.error };
    if (c.formula !== undefined || c.sharedFormula !== undefined) {
      if (c.result === undefined || c.result === null || c.result === '')
        return { kind: 'formulaNoValue', formula: String(c.formula ?? c.sharedFormula ?? '') };
      return cellContent(c.result);
    }
  }
  const text = cellText(cell);
  if (text === null) return { kind: 'empty' };
  if (DATE_TEXT.test(text)) return { kind: 'date', date: text };
  return { kind: 'text', text };
}

const TEST_TYPE_WORDS: ReadonlyMap<string, ImportTestType> = (() => {
  const map = new Map<string, ImportTestType>();
  for (const type of ImportTestType.options) {
    map.set(type.toLowerCase(), type);
    map.set(type.toLowerCase().replace(/_/g, ' '), type);
    for (const lang of ['pl', 'en', 'uk'] as const)
      map.set(namespaces.labResults[lang][`test${type}`].toLowerCase(), type);
  }
  for (const [word, type] of [
    ['basic', 'BASIC_TEST'],
    ['podstawowe', 'BASIC_TEST'],
    ['podstawowy', 'BASIC_TEST'],
    ['egner', 'EGNER'],
    ['micro', 'MICRO'],
    ['mikro', 'MICRO'],
    ['mikroelementy', 'MICRO'],
    ['nitrogen', 'NITROGEN'],
    ['azot', 'NITROGEN'],
    ['humus', 'HUMUS'],
    ['próchnica', 'HUMUS'],
    ['sulfur', 'SULFUR'],
    ['siarka', 'SULFUR'],
    ['sadownicze', 'ORCHARD'],
  ] as const)
    map.set(word, type);
  return map;
})();

export function parseTestType(text: string): ImportTestType | undefined {
  return TEST_TYPE_WORDS.get(text.trim().toLowerCase().replace(/\s+/g, ' '));
}

const CATEGORY_WORDS: ReadonlyMap<string, AgronomicCategory> = (() => {
  const keys: Record<AgronomicCategory, string> = {
    VERY_LIGHT: 'categoryVeryLight',
    LIGHT: 'categoryLight',
    MEDIUM: 'categoryMedium',
    HEAVY: 'categoryHeavy',
    ORGANIC: 'categoryOrganic',
  };
  const map = new Map<string, AgronomicCategory>();
  for (const c of AgronomicCategory.options) {
    map.set(c.toLowerCase(), c);
    map.set(c.toLowerCase().replace(/_/g, ' '), c);
    for (const lang of ['pl', 'en', 'uk'] as const) {
      const word = (namespaces.agronomy[lang] as Record<string, string>)[keys[c]];
      if (word) map.set(word.toLowerCase(), c);
    }
  }
  map.set('bardzo lekka', 'VERY_LIGHT');
  map.set('bardzo lekkie', 'VERY_LIGHT');
  map.set('lekkie', 'LIGHT');
  map.set('średnie', 'MEDIUM');
  map.set('ciężkie', 'HEAVY');
  map.set('organiczne', 'ORGANIC');
  return map;
})();

export function parseCategory(text: string): AgronomicCategory | undefined {
  return CATEGORY_WORDS.get(text.trim().toLowerCase().replace(/\s+/g, ' '));
}

/** The template's header cells, in order: label, test type, then value and description per parameter. */
export function templateHeaders(): string[] {
  const headers = [LABEL_HEADER, TEST_TYPE_HEADER];
  for (const p of PARAMS) {
    const name = namespaces.labResults.pl[p.nameKey];
    const base = p.unit === '-' ? name : `${name} ${p.symbol}`;
    headers.push(p.unit === '-' ? base : `${base} [${p.unit}]`, `${base} ${DESCRIPTION_SUFFIX}`);
  }
  return headers;
}
