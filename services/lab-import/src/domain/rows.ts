import { LabImportErrorCode, type AgronomicCategory, type ImportTestType } from '@gleba/contracts';
import { namespaces } from '@gleba/i18n';
import type { StagedElement, StoredElement } from '../db/database';
import { cellNumber, cellText, PARAM_BY_KEY, PARAMS, parseCategory, parseTestType, TEST_PARAMS, type HeaderLayout, type ParamKey } from './file-format';

export interface RowError {
  code: LabImportErrorCode;
  message: string;
}

export interface ParsedRow {
  label: string;
  testType: ImportTestType;
  category: AgronomicCategory | null;
  /** Compact `[key, value, descriptive value]`; the name, symbol and unit come from `PARAMS` (see `expandElements`). */
  elements: StagedElement[];
}

export type RowOutcome = { kind: 'empty' } | { kind: 'error'; label: string | null; error: RowError } | { kind: 'ok'; row: ParsedRow };

const REQUIRED = Object.fromEntries(Object.entries(TEST_PARAMS).map(([t, keys]) => [t, new Set<ParamKey>(keys)])) as unknown as Record<ImportTestType, ReadonlySet<ParamKey>>;

function isBlank(values: readonly unknown[]): boolean {
  return values.every((v) => cellText(v) === null);
}

/** One data row of a lab file, checked on its own (matching it to a sample comes later, in batches). */
export function parseRow(layout: HeaderLayout, values: readonly unknown[], chosen: ImportTestType): RowOutcome {
  if (isBlank(values)) return { kind: 'empty' };
  const label = cellText(values[layout.label]);
  if (!label) return { kind: 'error', label: null, error: { code: LabImportErrorCode.importNoMatchingOrders, message: 'the row has no label' } };

  let testType: ImportTestType = chosen;
  if (layout.testType !== null) {
    const text = cellText(values[layout.testType]);
    if (text !== null) {
      const parsed = parseTestType(text);
      if (!parsed) return { kind: 'error', label, error: { code: LabImportErrorCode.importUnknownType, message: `unknown test type "${text}"` } };
      testType = parsed;
    }
  }
  if (testType !== chosen) {
    return { kind: 'error', label, error: { code: LabImportErrorCode.importInvalidTestType, message: `the row is ${testType}, the import is ${chosen}` } };
  }

  const required = REQUIRED[testType];
  const missing: string[] = [];
  const elements: StagedElement[] = [];
  let category: AgronomicCategory | null = null;
  for (const p of PARAMS) {
    const col = layout.values.get(p.key);
    const descCol = layout.descriptions.get(p.key);
    const raw = col === undefined ? undefined : values[col];
    const text = cellText(raw);
    const description = descCol === undefined ? null : cellText(values[descCol]);
    if (p.kind === 'category') {
      if (text === null) {
        if (required.has(p.key)) missing.push(p.symbol);
        continue;
      }
      const c = parseCategory(text);
      if (!c) return { kind: 'error', label, error: { code: LabImportErrorCode.importUnknownType, message: `unknown agronomic category "${text}"` } };
      category = c;
      elements.push([p.key, null, description ?? text]);
      continue;
    }
    if (text === null) {
      if (required.has(p.key)) missing.push(p.symbol);
      continue;
    }
    const value = cellNumber(raw);
    if (value === null) {
      return { kind: 'error', label, error: { code: LabImportErrorCode.importIncompleteResults, message: `${p.symbol}: "${text}" is not a number` } };
    }
    if ((p.min !== undefined && value < p.min) || (p.max !== undefined && value > p.max)) {
      return { kind: 'error', label, error: { code: LabImportErrorCode.importIncompleteResults, message: `${p.symbol}: ${value} is out of range` } };
    }
    // "<0,5" keeps its text as the descriptive value when the lab gave none.
    const descripted = description ?? (typeof raw === 'number' || /^-?\d+(?:[.,]\d+)?$/.test(text) ? null : text);
    elements.push([p.key, value, descripted]);
  }
  if (missing.length > 0) {
    return { kind: 'error', label, error: { code: LabImportErrorCode.importIncompleteResults, message: `missing ${missing.join(', ')}` } };
  }
  return { kind: 'ok', row: { label, testType, category, elements } };
}

/**
 * The stored elements of a staged row: name (pl), symbol and unit from `PARAMS`, in the order the
 * row was parsed. Rows staged whole (before the compact form) pass through unchanged, so a job
 * retried across a deployment still applies them.
 */
export function expandElements(staged: readonly (StagedElement | StoredElement)[]): StoredElement[] {
  return staged.map((e) => {
    if (!Array.isArray(e)) return e as StoredElement;
    const [key, value, valueDescripted] = e;
    const p = PARAM_BY_KEY.get(key as ParamKey);
    if (!p) throw new Error(`unknown staged parameter ${key}`);
    return { key, name: namespaces.labResults.pl[p.nameKey], symbol: p.symbol, unit: p.unit, value, valueDescripted };
  });
}

/** Each parameter's stored element up to its value: `{"key":..,"name":..,"symbol":..,"unit":..,"value":`. */
const ELEMENT_PREFIX: ReadonlyMap<string, string> = new Map(
  PARAMS.map((p) => {
    const json = JSON.stringify({ key: p.key, name: namespaces.labResults.pl[p.nameKey], symbol: p.symbol, unit: p.unit, value: null });
    return [p.key, json.slice(0, json.length - 'null}'.length)];
  }),
);

/**
 * `JSON.stringify(expandElements(staged))`, the same text, written from the staged tuples without
 * building the element objects first (the apply's hottest serialisation after the recommendation).
 */
export function storedElementsJson(staged: readonly (StagedElement | StoredElement)[]): string {
  let out = '[';
  for (let i = 0; i < staged.length; i++) {
    const e = staged[i]!;
    if (!Array.isArray(e)) return JSON.stringify(expandElements(staged));
    const prefix = ELEMENT_PREFIX.get(e[0]);
    if (prefix === undefined) throw new Error(`unknown staged parameter ${e[0]}`);
    out += `${i > 0 ? ',' : ''}${prefix}${JSON.stringify(e[1])},"valueDescripted":${JSON.stringify(e[2])}}`;
  }
  return `${out}]`;
}

/** The key and value of each staged element: what the classes and the recommendation read. */
export function stagedValues(staged: readonly (StagedElement | StoredElement)[]): { key: string; value: number | null }[] {
  return staged.map((e) => (Array.isArray(e) ? { key: e[0], value: e[1] } : e));
}

/** The parameters the classes and the recommendation read. */
const ADVICE_KEYS: ReadonlySet<string> = new Set(['PH_KCL', 'P2O5', 'K2O', 'MG']);

/** JSON of the values the advice reads, by key (what a staged row keeps beside its stored elements). */
export function adviceValuesJson(staged: readonly StagedElement[]): string {
  const out: Record<string, number | null> = {};
  for (const [key, value] of staged) if (ADVICE_KEYS.has(key)) out[key] = value;
  return JSON.stringify(out);
}
