import type { Language, TAmount, TLimeAmount, TRecommendationView } from '@gleba/contracts';
import { formatNumber } from '@gleba/i18n';
import type { Translate } from '../i18n';

/** A fertilizer amount (kg) or a lime amount (tonnes): the functions read whichever fields it has. */
type Amount = Partial<TAmount & TLimeAmount>;

const num = (lang: string, n: number, digits = 1) => formatNumber(lang as Language, n, digits);

const zero = (a: Amount) =>
  !(a.tonnesPerHa ?? 0) && !(a.kgPerHa ?? 0) && !(a.kgPer100m2 ?? 0) && !(a.totalTonnes ?? 0);

/** True when the lime table gives nothing now or later (a "limited" need at a pH the table leaves out). */
export function noLimeDose(rec: TRecommendationView): boolean {
  return rec.liming.products.every((p) => zero(p.now) && zero(p.later));
}

/** True when some lime product has a dose for later (else the "later" column is only zeros). */
export function hasLaterLimeDose(rec: TRecommendationView): boolean {
  return rec.liming.products.some((p) => !zero(p.later));
}

/** Per 100 m² and per m² for gardens (ares), per hectare for fields; lime tonnes are shown in kg. */
export function doseText(tr: Translate, lang: string, a: Amount): string {
  if (a.kgPer100m2 !== undefined)
    return tr('customerTests.perArea', {
      kg100: num(lang, a.kgPer100m2),
      gm2: num(lang, a.gPerM2 ?? a.kgPer100m2 * 10, 0),
    });
  const kgha = a.kgPerHa ?? (a.tonnesPerHa !== undefined ? a.tonnesPerHa * 1000 : 0);
  return tr('customerTests.perHa', { kgha: num(lang, kgha, 0) });
}
export function totalText(tr: Translate, lang: string, a: Amount): string {
  const kg = a.totalKg ?? (a.totalTonnes !== undefined ? a.totalTonnes * 1000 : 0);
  return tr('customerTests.totalKg', { kg: num(lang, kg) });
}
