import { describe, expect, it } from 'vitest';
import { t } from '@gleba/i18n';
import { cadastralPlotName, precinctLabel } from './cadastral-name';

describe('cadastral names', () => {
  it('shows a precinct without a name of its own by its code once', () => {
    expect(precinctLabel('0001', '146501_1.0001')).toBe('0001');
    expect(precinctLabel('', '146501_1.0001')).toBe('0001');
    expect(precinctLabel('146501_1.0001', '146501_1.0001')).toBe('0001');
    expect(precinctLabel('Kuflew', '141212_5.0008')).toBe('Kuflew (0008)');
  });

  it('names a plot from the cadastre by its number and precinct, in each language', () => {
    const name = (lang: 'pl' | 'en' | 'uk', precinct: string, teryt: string) =>
      cadastralPlotName((key, values) => t(lang, key, values), '1', precinct, teryt);
    expect(name('pl', '0001', '146501_1.0001')).toBe('Działka 1, obręb 0001');
    expect(name('pl', 'Kuflew', '141212_5.0008')).toBe('Działka 1, obręb Kuflew');
    expect(name('en', 'Kuflew', '141212_5.0008')).toBe('Parcel 1, precinct Kuflew');
    expect(name('uk', 'Kuflew', '141212_5.0008')).toBe('Ділянка 1, обруб Kuflew');
    expect(cadastralPlotName((k, v) => t('pl', k, v), '1', 'X'.repeat(120), '141212_5.0008')).toHaveLength(
      100,
    );
  });
});
