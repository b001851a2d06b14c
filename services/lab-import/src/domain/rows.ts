import { LabImportErrorCode, type AgronomicCategory, type ImportTestType } from '@gleba/contracts';
import { namespaces } from '@gleba/i18n';
import type { StagedElement, StoredElement } from '../db/database';
import {
  cellNumber,
  cellText,
  PARAM_BY_KEY,
  PARAMS,
  parseCategory,
  parseTestType,
  TEST_PARAMS,
  type HeaderLayout,
  type ParamKey,
} from './file-format';

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

export type RowOutcome =
  | { kind: 'empty' }
  | { kind: 'error'; label: string | null; error: RowError }
  | { kind: 'ok'; row: ParsedRow };

const REQUIRED = Object.fromEntries(
  Object.entries(TEST_PARAMS).map(([t, keys]) => [t, new Set<ParamKey>(keys)]),
) as unknown as Record<ImportTestType, ReadonlySet<ParamKey>>;

/** A number or a boolean is never blank (no text is made of it to find that out). */
function isBlank(values: readonly unknown[]): boolean {
  for (const v of values)
    if (
      v !== null &&
      v !== undefined &&
      (typeof v === 'number' || typeof v === 'boolean' || cellText(v) !== null)
    )
      return false;
  return true;
}

/** One data row of a lab file, checked on its own (matching it to a sample comes later, in batches). */
export function parseRow(
  layout: HeaderLayout,
  values: readonly unknown[],
  chosen: ImportTestType,
): RowOutcome {
  if (isBlank(values)) return { kind: 'empty' };
  const label = cellText(values[layout.label]);
  if (!label)
    return {
      kind: 'error',
      label: null,
      error: { code: LabImportErrorCode.importNoMatchingOrders, message: 'the row has no label' },
    };

  let testType: ImportTestType = chosen;
  if (layout.testType !== null) {
    const text = cellText(values[layout.testType]);
    if (text !== null) {
      const parsed = parseTestType(text);
      if (!parsed)
        return {
          kind: 'error',
          label,
          error: { code: LabImportErrorCode.importUnknownType, message: `unknown test type "${text}"` },
        };
      testType = parsed;
    }
  }
  if (testType !== chosen) {
    return {
      kind: 'error',
      label,
      error: {
        code: LabImportErrorCode.importInvalidTestType,
        message: `the row is ${testType}, the import is ${chosen}`,
      },
    };
  }

  const required = REQUIRED[testType];
  const missing: string[] = [];
  const elements: StagedElement[] = [];
  let category: AgronomicCategory | null = null;
  for (const p of PARAMS) {
    const col = layout.values.get(p.key);
    const descCol = layout.descriptions.get(p.key);
    const raw = col === undefined ? undefined : values[col];
    // A numeric cell (the common case) is read as it is; only text is trimmed and parsed.
    const numeric = typeof raw === 'number' && p.kind !== 'category';
    const text = numeric ? null : cellText(raw);
    const description = descCol === undefined ? null : cellText(values[descCol]);
    if (numeric) {
      const bad = !Number.isFinite(raw)
        ? 'is not a number'
        : (p.min !== undefined && raw < p.min) || (p.max !== undefined && raw > p.max)
          ? 'is out of range'
          : null;
      if (bad)
        return {
          kind: 'error',
          label,
          error: { code: LabImportErrorCode.importIncompleteResults, message: `${p.symbol}: ${raw} ${bad}` },
        };
      elements.push([p.key, raw, description]);
      continue;
    }
    if (p.kind === 'category') {
      if (text === null) {
        if (required.has(p.key)) missing.push(p.symbol);
        continue;
      }
      const c = parseCategory(text);
      if (!c)
        return {
          kind: 'error',
          label,
          error: {
            code: LabImportErrorCode.importUnknownType,
            message: `unknown agronomic category "${text}"`,
          },
        };
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
      return {
        kind: 'error',
        label,
        error: {
          code: LabImportErrorCode.importIncompleteResults,
          message: `${p.symbol}: "${text}" is not a number`,
        },
      };
    }
    if ((p.min !== undefined && value < p.min) || (p.max !== undefined && value > p.max)) {
      return {
        kind: 'error',
        label,
        error: {
          code: LabImportErrorCode.importIncompleteResults,
          message: `${p.symbol}: ${value} is out of range`,
        },
      };
    }
    // "<0,5" keeps its text as the descriptive value when the lab gave none.
    const descripted = description ?? (/^-?\d+(?:[.,]\d+)?$/.test(text) ? null : text);
    elements.push([p.key, value, descripted]);
  }
  if (missing.length > 0) {
    return {
      kind: 'error',
      label,
      error: { code: LabImportErrorCode.importIncompleteResults, message: `missing ${missing.join(', ')}` },
    };
  }
  return { kind: 'ok', row: { label, testType, category, elements } };
}

/**
 * The stored elements of a staged row: name (pl), symbol and unit from `PARAMS`, in the order the
 * row was parsed. Elements stored whole (staged or stored before the compact form) pass through
 * unchanged, so old results read as before and a job retried across a deployment still applies.
 */
export function expandElements(staged: readonly (StagedElement | StoredElement)[]): StoredElement[] {
  return staged.map((e) => {
    if (!Array.isArray(e)) return e as StoredElement;
    const [key, value, valueDescripted] = e;
    const p = PARAM_BY_KEY.get(key as ParamKey);
    if (!p) throw new Error(`unknown staged parameter ${key}`);
    return {
      key,
      name: namespaces.labResults.pl[p.nameKey],
      symbol: p.symbol,
      unit: p.unit,
      value,
      valueDescripted,
    };
  });
}

/**
 * The staged and stored text of a row's elements: the compact tuples. A stored element's name,
 * symbol and unit are its parameter's (`expandElements` adds them when a result is read), so each
 * row carries a quarter of the text (a full row: ~0.7 KB instead of ~2.7 KB).
 */
export function compactElementsJson(staged: readonly StagedElement[]): string {
  return JSON.stringify(staged);
}

/** The key and value of each staged element: what the classes and the recommendation read. */
export function stagedValues(
  staged: readonly (StagedElement | StoredElement)[],
): { key: string; value: number | null }[] {
  return staged.map((e) => (Array.isArray(e) ? { key: e[0], value: e[1] } : e));
}

/** The parameters the classes and the recommendation read. */
const ADVICE_KEYS: ReadonlySet<string> = new Set(['PH_KCL', 'P2O5', 'K2O', 'MG']);

/** The values the advice reads, by key (what a staged row keeps beside its elements, as JSON). */
export function adviceValuesOf(staged: readonly StagedElement[]): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const [key, value] of staged) if (ADVICE_KEYS.has(key)) out[key] = value;
  return out;
}
