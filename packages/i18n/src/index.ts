import { Language, DEFAULT_LANGUAGE } from '@gleba/contracts';
import { hasMessage, makeTranslator, type Params } from './catalogue';
import { namespaces } from './namespaces';

export * from './catalogue';
export * from './number-format';
export { importMessage, type ImportMessageParams } from './lab-import';
export { namespaces };
export * from './notice-format';

export const t = makeTranslator(namespaces);

/** The translated text of an error code, or undefined when the catalogue has none. */
export function errorMessage(lang: Language, code: string, params?: Params): string | undefined {
  const key = `errors.${code}`;
  return hasMessage(namespaces, key) ? t(lang, key, params) : undefined;
}

/** Spec: language must be pl, en or uk, else pl. Accepts `Accept-Language` style input too. */
export function resolveLanguage(input: string | null | undefined): Language {
  if (!input) return DEFAULT_LANGUAGE;
  for (const part of input.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().slice(0, 2);
    const parsed = Language.safeParse(tag === 'ua' ? 'uk' : tag);
    if (parsed.success) return parsed.data;
  }
  return DEFAULT_LANGUAGE;
}
