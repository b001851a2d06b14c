import type { Language } from '@gleba/contracts';

/**
 * Numbers as each language writes them, for every screen, e-mail and PDF: a decimal comma in pl
 * and uk (`3,62 ha`), a point in en; a thin group separator in pl and uk above four digits; lengths
 * from 1,000 m in km. One place, so the map, the results, the wizard and the reports agree.
 */
export const NUMBER_LOCALE: Record<Language, string> = { pl: 'pl-PL', en: 'en-GB', uk: 'uk-UA' };

const cache = new Map<string, Intl.NumberFormat>();

function formatter(lang: Language, min: number, max: number): Intl.NumberFormat {
  const key = `${lang}:${min}:${max}`;
  let f = cache.get(key);
  if (!f) {
    f = new Intl.NumberFormat(NUMBER_LOCALE[lang] ?? NUMBER_LOCALE.pl, {
      minimumFractionDigits: min,
      maximumFractionDigits: max,
    });
    cache.set(key, f);
  }
  return f;
}

/**
 * `formatNumber('pl', 6.1)` -> `6,1`. `digits` is the most fraction digits shown (1 unless told);
 * `minDigits` the fewest (0 unless told: `6` not `6,0`).
 */
export function formatNumber(lang: Language, value: number, digits = 1, minDigits = 0): string {
  return formatter(lang, Math.min(minDigits, digits), digits).format(value);
}

/** An area in hectares with its unit, two decimals: `formatArea('pl', 3.6)` -> `3,60 ha`. */
export function formatArea(lang: Language, hectares: number): string {
  return `${formatNumber(lang, hectares, 2, 2)} ${lang === 'uk' ? 'га' : 'ha'}`;
}

/**
 * A length with its unit: metres below 1,000 m (`512,3 m`), kilometres from there (`65,41 km`).
 * `formatLength('pl', 65406)` -> `65,41 km`.
 */
export function formatLength(lang: Language, metres: number): string {
  const uk = lang === 'uk';
  if (Math.abs(metres) >= 1000) return `${formatNumber(lang, metres / 1000, 2)} ${uk ? 'км' : 'km'}`;
  return `${formatNumber(lang, metres, 1)} ${uk ? 'м' : 'm'}`;
}

/** Intl's plural category of a count in a language (`one`, `few`, `many`, `other`). */
export function pluralCategory(lang: Language, count: number): Intl.LDMLPluralRule {
  return new Intl.PluralRules(NUMBER_LOCALE[lang] ?? NUMBER_LOCALE.pl).select(count);
}
