import type { Language } from '@gleba/contracts';

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

/** `{name}` placeholders; unknown placeholders are left as they are. */
export function interpolate(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = params[key];
    return value === undefined || value === null ? whole : String(value);
  });
}

export function makeTranslator<N extends Record<string, Namespace<Messages>>>(namespaces: N) {
  /** `t('pl', 'errors.userAlreadyExists')`: falls back to pl, then to the key itself. */
  return function t(lang: Language, key: string, params?: Params): string {
    const dot = key.indexOf('.');
    const ns = namespaces[key.slice(0, dot)];
    const k = key.slice(dot + 1);
    const text = ns?.[lang]?.[k] ?? ns?.pl?.[k];
    return text === undefined ? key : interpolate(text, params);
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
