import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPrice, loadPriceList, PriceListError } from './prices';

describe('loadPriceList', () => {
  it('reads the repository price list', async () => {
    const list = await loadPriceList(path.resolve(import.meta.dirname, '../../../config/prices.json'));
    expect(list.currency).toBe('PLN');
  });

  it('stops the build with a clear message when the file is missing or wrong', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'landing-prices-'));
    await expect(loadPriceList(path.join(dir, 'nope.json'))).rejects.toThrow(
      /price list not found .*config\/prices\.json.*ZPriceList/,
    );
    await writeFile(path.join(dir, 'bad.json'), '{ "version": 1, "currency": "EUR" }');
    const error = await loadPriceList(path.join(dir, 'bad.json')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PriceListError);
    expect((error as Error).message).toMatch(/does not match ZPriceList[\s\S]*currency/);
    await writeFile(path.join(dir, 'broken.json'), '{');
    await expect(loadPriceList(path.join(dir, 'broken.json'))).rejects.toThrow(/not valid JSON/);
  });
});

describe('formatPrice', () => {
  it('shows grosze as złoty: zł in Polish, PLN in English and Ukrainian', () => {
    const nbsp = (s: string) => s.replace(/\u00a0/g, ' ');
    expect(nbsp(formatPrice(3000, 'pl'))).toBe('30 zł');
    expect(nbsp(formatPrice(3050, 'pl'))).toBe('30,50 zł');
    expect(nbsp(formatPrice(6000, 'en'))).toBe('PLN 60');
    expect(nbsp(formatPrice(6000, 'uk'))).toBe('60 PLN');
  });
});
