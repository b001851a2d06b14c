import { describe, expect, it } from 'vitest';
import { formatArea, formatDay, formatLength, formatNumber, namespaces, t } from './index';

describe('numbers and plurals per language', () => {
  it('writes a decimal comma in pl and uk, a point in en', () => {
    expect(formatNumber('pl', 6.1)).toBe('6,1');
    expect(formatNumber('uk', 6.1)).toBe('6,1');
    expect(formatNumber('en', 6.1)).toBe('6.1');
    expect(formatArea('pl', 3.6245)).toBe('3,62 ha');
    expect(formatArea('uk', 3.6245)).toBe('3,62 га');
    expect(formatArea('en', 3.6245)).toBe('3.62 ha');
    expect(formatArea('pl', 3.6)).toBe('3,60 ha');
  });

  it('writes lengths from 1,000 m in km', () => {
    expect(formatLength('pl', 65406)).toBe('65,41 km');
    expect(formatLength('en', 65406)).toBe('65.41 km');
    expect(formatLength('uk', 1000)).toBe('1 км');
    expect(formatLength('pl', 512.34)).toBe('512,3 m');
    expect(formatLength('pl', 999.9)).toBe('999,9 m');
  });

  it('picks the plural form by Intl.PluralRules', () => {
    const divided = (lang: 'pl' | 'en' | 'uk', count: number) => t(lang, 'farmMap.divided', { count });
    expect(divided('pl', 1)).toBe('Uprawa podzielona na 1 sektor.');
    expect(divided('pl', 3)).toBe('Uprawa podzielona na 3 sektory.');
    expect(divided('pl', 5)).toBe('Uprawa podzielona na 5 sektorów.');
    expect(divided('pl', 22)).toBe('Uprawa podzielona na 22 sektory.');
    expect(divided('en', 1)).toBe('The crop was divided into 1 sector.');
    expect(divided('en', 2)).toBe('The crop was divided into 2 sectors.');
    expect(divided('uk', 1)).toBe('Посів поділено на 1 сектор.');
    expect(divided('uk', 21)).toBe('Посів поділено на 21 сектор.');
    expect(divided('uk', 3)).toBe('Посів поділено на 3 сектори.');
    expect(divided('uk', 11)).toBe('Посів поділено на 11 секторів.');
    expect(t('pl', 'farmMap.dividedInto', { count: 1 })).toBe('Podzielono na 1 część.');
    expect(t('pl', 'farmMap.dividedInto', { count: 4 })).toBe('Podzielono na 4 części.');
  });

  it('leaves a plural whose parameter is missing for the copy checks to find', () => {
    expect(t('en', 'farmMap.divided')).toContain('{count, plural,');
  });

  it('every plural in the catalogue names an `other` form', () => {
    for (const [name, ns] of Object.entries(namespaces))
      for (const lang of ['pl', 'en', 'uk'] as const)
        for (const [key, value] of Object.entries(ns[lang]))
          if (value.includes(', plural,')) expect(value, `${name}.${lang}.${key}`).toMatch(/other \{/);
  });
});

describe('calendar days (a pickup date)', () => {
  it('writes a day as the other dates in pl, en and uk, whatever the zone', () => {
    expect(formatDay('pl', '2026-11-27')).toBe('27.11.2026');
    expect(formatDay('en', '2026-11-27')).toBe('27/11/2026');
    expect(formatDay('uk', '2026-11-27')).toBe('27.11.2026');
    expect(formatDay('pl', '2026-01-01')).toBe('01.01.2026');
  });
  it('leaves text that is not a day as it is', () => {
    expect(formatDay('en', 'soon')).toBe('soon');
  });
});
