import type { Language } from '@gleba/contracts';
import { formatNumber, pluralCategory } from './number-format';

/**
 * A namespace of messages: the same keys in pl, en and uk, side by side in one file.
 * `defineMessages` makes the compiler refuse a namespace where a language misses a key.
 */
export type Messages = { readonly [key: string]: string };
export type Namespace<M extends Messages> = {
  readonly pl: M;
  readonly en: { [K in keyof M]: string };
  readonly uk: { [K in keyof M]: string };
};

export function defineMessages<const M extends Messages>(ns: Namespace<M>): Namespace<M> {
  return ns;
}

export type Params = Record<string, string | number | null | undefined>;

/**
 * `{name}` placeholders; unknown placeholders are left as they are. A plural choice
 * `{count, plural, one {# sektor} few {# sektory} many {# sektorów} other {# sektora}}` picks the
 * form of the language's `Intl.PluralRules` for the parameter (`=0 {...}` matches exactly; `other`
 * is the fallback) and writes the number, formatted for the language, in place of `#`.
 */
export function interpolate(template: string, params?: Params, lang: Language = 'pl'): string {
  if (!params) return template;
  const withPlurals = template.includes(', plural,') ? resolvePlurals(template, params, lang) : template;
  return withPlurals.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = params[key];
    return value === undefined || value === null ? whole : String(value);
  });
}

const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const CHOICE = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;

function resolvePlurals(template: string, params: Params, lang: Language): string {
  return template.replace(PLURAL, (whole, key: string, body: string) => {
    const raw = params[key];
    const n = typeof raw === 'number' ? raw : Number(raw);
    if (raw === undefined || raw === null || Number.isNaN(n)) return whole;
    const choices = new Map<string, string>();
    for (const m of body.matchAll(CHOICE)) choices.set(m[1]!, m[2]!);
    const form =
      choices.get(`=${n}`) ?? choices.get(pluralCategory(lang, n)) ?? choices.get('other') ?? whole;
    return form.replace(/#/g, formatNumber(lang, n, 2));
  });
}

export function makeTranslator<N extends Record<string, Namespace<Messages>>>(namespaces: N) {
  /** `t('pl', 'errors.userAlreadyExists')`: falls back to pl, then to the key itself. */
  return function t(lang: Language, key: string, params?: Params): string {
    const dot = key.indexOf('.');
    const ns = namespaces[key.slice(0, dot)];
    const k = key.slice(dot + 1);
    const text = ns?.[lang]?.[k] ?? ns?.pl?.[k];
    return text === undefined ? key : interpolate(text, params, lang);
  };
}

/** Several domains' namespaces as one (e.g. every domain's error codes under `errors`). Keys must not clash. */
export function mergeMessages(...parts: Namespace<Messages>[]): Namespace<Messages> {
  const merged = {
    pl: {} as Record<string, string>,
    en: {} as Record<string, string>,
    uk: {} as Record<string, string>,
  };
  for (const part of parts) {
    for (const lang of ['pl', 'en', 'uk'] as const) {
      for (const [key, value] of Object.entries(part[lang])) {
        if (key in merged[lang] && merged[lang][key] !== value)
          throw new Error(`message key ${key} defined twice`);
        merged[lang][key] = value;
      }
    }
  }
  return merged;
}

/** True when a key exists (so callers can fall back to their own text). */
export function hasMessage(namespaces: Record<string, Namespace<Messages>>, key: string): boolean {
  const dot = key.indexOf('.');
  return namespaces[key.slice(0, dot)]?.pl?.[key.slice(dot + 1)] !== undefined;
}
