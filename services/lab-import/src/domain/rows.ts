import { LabImportErrorCode, type AgronomicCategory, type ImportTestType } from '@gleba/contracts';
import type { ImportMessageParams } from '@gleba/i18n';
import { namespaces } from '@gleba/i18n';
import type { StagedElement, StoredElement } from './elements';
import {
  cellContent,
  cellText,
  columnLetter,
  PARAM_BY_KEY,
  PARAMS,
  parseCategory,
  parseTestType,
  TEST_PARAMS,
  textNumber,
  type HeaderLayout,
  type ParamKey,
  type ParamSpec,
} from './file-format';

/** What is wrong with a row or one of its cells: a message code and its parameters. */
export interface RowError {
  code: LabImportErrorCode;
  params: ImportMessageParams;
}

export interface ParsedRow {
  label: string;
  testType: ImportTestType;
  category: AgronomicCategory | null;
  /** Compact `[key, value, descriptive value]`; the name, symbol and unit come from `PARAMS` (see `expandElements`). */
  elements: StagedElement[];
}

/** A refused row carries every reason found in it (each bad cell, not only the first). */
export type RowOutcome =
  | { kind: 'empty' }
  | { kind: 'error'; label: string | null; errors: RowError[] }
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

/** The parameters a test type needs that the header has no column for. */
export function missingColumns(layout: HeaderLayout, testType: ImportTestType): string[] {
  return TEST_PARAMS[testType].filter((k) => !layout.values.has(k)).map((k) => PARAM_BY_KEY.get(k)!.symbol);
}

/** A cell's place in a message: its column's letter and header. */
function at(layout: HeaderLayout, col: number): { column: string; header: string } {
  return { column: columnLetter(col), header: layout.headers.get(col) ?? columnLetter(col) };
}

function rangeOf(p: ParamSpec): string {
  if (p.max !== undefined) return `${p.min ?? 0}–${p.max}`;
  return `≥ ${p.min ?? 0}`;
}

const outOfRange = (p: ParamSpec, value: number) =>
  (p.min !== undefined && value < p.min) || (p.max !== undefined && value > p.max);

/**
 * One data row of a lab file, checked on its own (matching it to a sample comes later, in batches).
 * Every bad cell is reported, each with its column (letter and header) and what it holds.
 */
export function parseRow(
  layout: HeaderLayout,
  values: readonly unknown[],
  chosen: ImportTestType,
): RowOutcome {
  if (isBlank(values)) return { kind: 'empty' };
  const errors: RowError[] = [];
  const label = cellText(values[layout.label]);
  if (!label) errors.push({ code: LabImportErrorCode.importRowNoLabel, params: at(layout, layout.label) });

  let testType: ImportTestType = chosen;
  if (layout.testType !== null) {
    const text = cellText(values[layout.testType]);
    if (text !== null) {
      const parsed = parseTestType(text);
      if (!parsed) {
        errors.push({
          code: LabImportErrorCode.importUnknownTestTypeValue,
          params: { ...at(layout, layout.testType), value: text },
        });
      } else testType = parsed;
    }
  }
  // A row of another test type is imported on its own: its cells are not this import's to check.
  if (testType !== chosen) {
    errors.push({ code: LabImportErrorCode.importRowTestTypeDiffers, params: { testType, chosen } });
    return { kind: 'error', label, errors };
  }

  const required = REQUIRED[testType];
  const elements: StagedElement[] = [];
  let category: AgronomicCategory | null = null;
  for (const p of PARAMS) {
    const col = layout.values.get(p.key);
    // A column the test type needs is checked once for the file (`missingColumns`).
    if (col === undefined) continue;
    const raw = values[col];
    const descCol = layout.descriptions.get(p.key);
    const description = descCol === undefined ? null : cellText(values[descCol]);
    // A numeric cell (the common case) is read as it is.
    if (typeof raw === 'number' && p.kind !== 'category' && Number.isFinite(raw)) {
      if (outOfRange(p, raw))
        errors.push({
          code: LabImportErrorCode.importCellOutOfRange,
          params: { ...at(layout, col), value: raw, range: rangeOf(p) },
        });
      else elements.push([p.key, raw, description]);
      continue;
    }
    const cell = cellContent(raw);
    if (cell.kind === 'empty') {
      if (required.has(p.key))
        errors.push({ code: LabImportErrorCode.importCellMissing, params: at(layout, col) });
      continue;
    }
    if (cell.kind === 'date') {
      errors.push({
        code: LabImportErrorCode.importCellIsDate,
        params: { ...at(layout, col), value: cell.date },
      });
      continue;
    }
    if (cell.kind === 'formulaNoValue') {
      errors.push({
        code: LabImportErrorCode.importCellFormulaNoValue,
        params: { ...at(layout, col), formula: cell.formula },
      });
      continue;
    }
    if (cell.kind === 'error') {
      errors.push({
        code: LabImportErrorCode.importCellError,
        params: { ...at(layout, col), value: cell.error },
      });
      continue;
    }
    const text = cell.kind === 'number' ? String(cell.value) : cell.text;
    if (p.kind === 'category') {
      const c = parseCategory(text);
      if (!c) {
        errors.push({
          code: LabImportErrorCode.importUnknownCategory,
          params: { ...at(layout, col), value: text },
        });
        continue;
      }
      category = c;
      elements.push([p.key, null, description ?? text]);
      continue;
    }
    const value = cell.kind === 'number' ? cell.value : textNumber(text);
    if (value === null) {
      errors.push({
        code: LabImportErrorCode.importCellNotANumber,
        params: { ...at(layout, col), value: text },
      });
      continue;
    }
    if (outOfRange(p, value)) {
      errors.push({
        code: LabImportErrorCode.importCellOutOfRange,
        params: { ...at(layout, col), value, range: rangeOf(p) },
      });
      continue;
    }
    // "<0,5" keeps its text as the descriptive value when the lab gave none.
    const descripted = description ?? (/^-?\d+(?:[.,]\d+)?$/.test(text) ? null : text);
    elements.push([p.key, value, descripted]);
  }
  if (errors.length > 0 || !label) return { kind: 'error', label, errors };
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

/** The parameters the classes and the recommendation read. */
const ADVICE_KEYS: ReadonlySet<string> = new Set(['PH_KCL', 'P2O5', 'K2O', 'MG']);

/**
 * The values the advice reads, by key (what a staged row keeps beside its elements, as JSON), of
 * compact elements or of elements stored whole.
 */
export function adviceValuesOf(
  elements: readonly (StagedElement | StoredElement)[],
): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const e of elements) {
    const [key, value] = Array.isArray(e) ? e : [e.key, e.value];
    if (ADVICE_KEYS.has(key)) out[key] = value;
  }
  return out;
}
