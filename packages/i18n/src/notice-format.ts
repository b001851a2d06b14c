import type { Language } from '@gleba/contracts';
import { makeTranslator, type Params } from './catalogue';
import { namespaces } from './namespaces';

const t = makeTranslator(namespaces);

/** The BCP 47 locale of each language (numbers, money and dates in messages and screens). */
export const LOCALE_OF: Record<Language, string> = { pl: 'pl-PL', en: 'en-GB', uk: 'uk-UA' };

// Intl formatters are costly to build: one per language, zone and kind.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function formatter<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = make()));
  return f as F;
}

/** An amount in grosze as money in the language's way: `180,00 zł`, `PLN 180.00`, `180,00 PLN`. */
export function formatPln(lang: Language, grosze: number): string {
  return formatter(
    `money:${lang}`,
    () => new Intl.NumberFormat(LOCALE_OF[lang], { style: 'currency', currency: 'PLN' }),
  )
    .format(grosze / 100)
    .replace(/\u00a0|\u202f/g, ' ');
}

const clean = (s: string) => s.replace(/\u00a0|\u202f/g, ' ');

function dateTime(lang: Language, timeZone: string, iso: string): string {
  return clean(
    formatter(
      `dt:${lang}:${timeZone}`,
      () =>
        new Intl.DateTimeFormat(LOCALE_OF[lang], {
          timeZone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
        }),
    ).format(new Date(iso)),
  );
}

function date(lang: Language, timeZone: string, when: Date): string {
  return clean(
    formatter(
      `d:${lang}:${timeZone}`,
      () =>
        new Intl.DateTimeFormat(LOCALE_OF[lang], {
          timeZone,
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
        }),
    ).format(when),
  );
}

/**
 * A calendar day (`2026-11-27`, no time or zone: a pickup date) in the language's way:
 * `27.11.2026`, `27/11/2026`; the text itself when it is not such a day.
 */
export function formatDay(lang: Language, day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const when = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(when.getTime()) ? day : date(lang, 'UTC', when);
}

export interface NoticeFormatOptions {
  /** Zone of dates and times (the lab's: `Europe/Warsaw`). */
  timeZone: string;
}

/**
 * A notice's stored raw params as a reader sees them in their language: ISO instants
 * (`expiresAt`) as local date and time, `dueDate` and `pickupDate` as dates, `amountGrosze` as
 * money (`amount`), an order status code as its name. The same for e-mail, SMS, the in-app list
 * and the customer app, so no channel shows a code or an unfilled placeholder.
 */
export function noticeParams(lang: Language, params: Params, options: NoticeFormatOptions): Params {
  const out: Params = { ...params };
  const expires = params.expiresAt;
  if (typeof expires === 'string' && !Number.isNaN(Date.parse(expires)))
    out.expiresAt = dateTime(lang, options.timeZone, expires);
  const due = params.dueDate;
  if (typeof due === 'string' && !Number.isNaN(Date.parse(due)))
    out.dueDate = date(lang, options.timeZone, new Date(due));
  const pickup = params.pickupDate;
  if (typeof pickup === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(pickup))
    out.pickupDate = formatDay(lang, pickup);
  if (typeof params.amountGrosze === 'number') out.amount = formatPln(lang, params.amountGrosze);
  if (typeof params.status === 'string' && /^[A-Z_]+$/.test(params.status))
    out.status = t(lang, `notifications.status${params.status}`);
  return out;
}

/** The time zone of the dates in messages when the reader's is not known (the lab's). */
export const NOTICE_TIME_ZONE = 'Europe/Warsaw';

/** A notice's text (`content` is its catalogue key) with its params formatted for the reader. */
export function noticeText(
  lang: Language,
  content: string,
  params: Params,
  options: NoticeFormatOptions = { timeZone: NOTICE_TIME_ZONE },
): string {
  const key = content.includes('.') ? content : `notifications.${content}`;
  return t(lang, key, noticeParams(lang, params, options));
}
