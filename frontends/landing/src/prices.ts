import { readFile } from 'node:fs/promises';
import { ZPriceList, type Language, type TPriceList } from '@gleba/contracts';
import { LOCALES } from './site';

/**
 * The page shows the price list the orders service charges from: `config/prices.json` at the
 * repository root, parsed with the same `ZPriceList`. A missing or invalid file stops the build
 * with a message that says what to fix, rather than publishing a page with wrong prices.
 */
export async function loadPriceList(path: string): Promise<TPriceList> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new PriceListError(
        `price list not found at ${path}. The landing page shows the prices the orders service uses; ` +
          'create config/prices.json (schema ZPriceList in packages/contracts/src/pricing.ts).',
      );
    }
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new PriceListError(`price list ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = ZPriceList.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('\n');
    throw new PriceListError(`price list ${path} does not match ZPriceList:\n${issues}`);
  }
  return parsed.data;
}

export class PriceListError extends Error {
  override name = 'PriceListError';
}

/**
 * Amounts are grosze and are charged in PLN whatever the page language: "zł" in Polish,
 * "PLN" in English and Ukrainian (see README, "Prices and currency").
 */
export function formatPrice(grosze: number, lang: Language): string {
  const whole = grosze % 100 === 0;
  return new Intl.NumberFormat(LOCALES[lang].intl, {
    style: 'currency',
    currency: 'PLN',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(grosze / 100);
}
