import type { Language } from '@gleba/contracts';
import { hasMessage, interpolate, makeTranslator, type Params } from './catalogue';
import { namespaces } from './namespaces';

const t = makeTranslator(namespaces);

/** Parameters of an import's message, as the service stores them. */
export type ImportMessageParams = Readonly<Record<string, string | number | boolean>>;

/** Parameters that hold a test type and are shown by its name. */
const TEST_TYPE_PARAMS = new Set(['testType', 'chosen']);
const LOCALE: Record<Language, string> = { pl: 'pl-PL', en: 'en-GB', uk: 'uk-UA' };

/**
 * An import's message (a row's, a cell's or the file's) in the reader's language: `errors.<code>`
 * with its parameters, test types by their names, numbers in the locale. A file-level error that
 * broke a read names the last row read (`afterRow`), and a one-pass import says it saved nothing
 * (`rolledBack`). A message stored before messages had parameters, whose text needs some, is
 * `fallback` (the stored text) rather than a template with its placeholders showing.
 */
export function importMessage(
  lang: Language,
  code: string,
  params: ImportMessageParams | null | undefined,
  fallback?: string | null,
): string {
  const key = `errors.${code}`;
  if (!hasMessage(namespaces, key)) return fallback || t(lang, 'errors.importUnknownError');
  const shown: Params = {};
  const number = new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: 6, useGrouping: false });
  for (const [name, value] of Object.entries(params ?? {})) {
    if (TEST_TYPE_PARAMS.has(name) && typeof value === 'string')
      shown[name] = hasMessage(namespaces, `labResults.test${value}`)
        ? t(lang, `labResults.test${value}`)
        : value;
    else if (typeof value === 'number') shown[name] = number.format(value);
    else shown[name] = String(value);
  }
  const text = interpolate(t(lang, key), shown);
  if (/\{\w+\}/.test(text)) return fallback || t(lang, 'errors.importUnknownError');
  const parts = [text];
  if (params?.afterRow !== undefined) parts.push(interpolate(t(lang, 'errors.importBrokeAfterRow'), shown));
  if (params?.rolledBack) parts.push(interpolate(t(lang, 'errors.importNothingApplied'), shown));
  return parts.join(' ');
}
