import type { Language, NotificationType } from '@gleba/contracts';
import { t } from '@gleba/i18n';

/** Every message the service sends; texts are `notifications.<template>Subject|Body|Action|Sms|InApp`. */
export const TEMPLATES = [
  'activation',
  'passwordReset',
  'passwordResetAdmin',
  'orderAddedAwaitingShipment',
  'samplesSent',
  'samplesDelivered',
  'partialResults',
  'allResults',
  'resultsUpdated',
  'orderCancelled',
  'paymentReceived',
  'courierBooked',
  'dropOffCode',
  'dropOffCodeExpiring',
  'statusChanged',
] as const;
export type Template = (typeof TEMPLATES)[number];

/** Account e-mails: always sent, e-mail only, no preferences footer. */
export const ACCOUNT_TEMPLATES: ReadonlySet<Template> = new Set([
  'activation',
  'passwordReset',
  'passwordResetAdmin',
]);

export const TEMPLATE_OF_TYPE: Partial<Record<NotificationType, Template>> = {
  ORDER_ADDED_AWAITING_SHIPMENT: 'orderAddedAwaitingShipment',
  ORDER_STATUS_CHANGED: 'statusChanged',
  SAMPLES_SENT: 'samplesSent',
  SAMPLES_DELIVERED: 'samplesDelivered',
  PARTIAL_RESULTS: 'partialResults',
  ALL_RESULTS: 'allResults',
  RESULTS_UPDATED: 'resultsUpdated',
  ORDER_CANCELLED: 'orderCancelled',
  PAYMENT_RECEIVED: 'paymentReceived',
  COURIER_BOOKED: 'courierBooked',
  DROP_OFF_CODE: 'dropOffCode',
  DROP_OFF_CODE_EXPIRING: 'dropOffCodeExpiring',
};

export type Params = Record<string, string | number | null>;

export interface RenderOptions {
  timeZone: string;
}

const LOCALE: Record<Language, string> = { pl: 'pl-PL', en: 'en-GB', uk: 'uk-UA' };

// Intl formatters are costly to build: one per language, zone and kind.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
function formatter<F extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => F): F {
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = make()));
  return f as F;
}

/**
 * Turns stored raw params into what a reader sees in their language: ISO instants as local
 * date and time, `amountGrosze` as złoty, an order status as its name.
 */
export function displayParams(lang: Language, params: Params, options: RenderOptions): Params {
  const out: Params = { ...params };
  for (const key of ['expiresAt']) {
    const v = params[key];
    if (typeof v === 'string' && !Number.isNaN(Date.parse(v))) {
      out[key] = formatter(
        `dt:${lang}:${options.timeZone}`,
        () =>
          new Intl.DateTimeFormat(LOCALE[lang], {
            timeZone: options.timeZone,
            year: 'numeric',
            month: '2-digit',
            day: '2-digit',
            hour: '2-digit',
            minute: '2-digit',
          }),
      ).format(new Date(v));
    }
  }
  const pickup = params.pickupDate;
  if (typeof pickup === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(pickup)) {
    out.pickupDate = formatter(
      `d:${lang}`,
      () =>
        new Intl.DateTimeFormat(LOCALE[lang], {
          timeZone: 'UTC',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
        }),
    ).format(new Date(`${pickup}T00:00:00Z`));
  }
  if (typeof params.amountGrosze === 'number') {
    out.amount = formatter(
      `n:${lang}`,
      () => new Intl.NumberFormat(LOCALE[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
    ).format(params.amountGrosze / 100);
  }
  if (typeof params.status === 'string') out.status = t(lang, `notifications.status${params.status}`);
  return out;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** Subject, text and HTML of one e-mail, in the reader's language. */
export function renderEmail(
  template: Template,
  lang: Language,
  input: { params: Params; firstName?: string | null; url?: string | null; preferencesUrl?: string | null },
  options: RenderOptions,
): RenderedEmail {
  const p = displayParams(lang, input.params, options);
  const subject = t(lang, `notifications.${template}Subject`, p);
  const greeting = input.firstName
    ? t(lang, 'notifications.greeting', { firstName: input.firstName })
    : t(lang, 'notifications.greetingNoName');
  const body = t(lang, `notifications.${template}Body`, p).split(/\n\n/);
  const action = t(lang, `notifications.${template}Action`, p);
  const signature = t(lang, 'notifications.signature');
  const prefs = input.preferencesUrl
    ? t(lang, 'notifications.preferencesHint', { url: input.preferencesUrl })
    : null;

  const text = [
    greeting,
    ...body,
    ...(input.url ? [`${action}: ${input.url}`] : []),
    signature,
    ...(prefs ? [`--\n${prefs}`] : []),
  ].join('\n\n');

  const para = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s).replace(/\n/g, '<br>')}</p>`;
  const button = input.url
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.url)}" style="background:#2f6b2f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(t(lang, 'notifications.linkFallback'))}<br><a href="${escapeHtml(input.url)}">${escapeHtml(input.url)}</a></p>`
    : '';
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:600px;margin:0 auto;padding:24px">` +
    para(greeting) +
    body.map(para).join('') +
    button +
    para(signature) +
    (prefs
      ? `<hr style="border:none;border-top:1px solid #ddd"><p style="font-size:12px;color:#595959">${escapeHtml(prefs)}</p>`
      : '') +
    `</body></html>`;
  return { subject, text, html };
}

/** One SMS, short and in the reader's language. */
export function renderSms(
  template: Template,
  lang: Language,
  input: { params: Params; url?: string | null },
  options: RenderOptions,
): string {
  const p = displayParams(lang, input.params, options);
  const text = `${t(lang, 'notifications.smsPrefix')} ${t(lang, `notifications.${template}Sms`, p)}`;
  return input.url ? `${text} ${input.url}` : text;
}

/** The in-app text (the SPA may render `content` with `params` itself; this is the same text). */
export function renderInApp(content: string, lang: Language, params: Params, options: RenderOptions): string {
  return t(lang, content, displayParams(lang, params, options));
}
