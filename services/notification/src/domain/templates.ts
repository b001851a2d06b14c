import type { Language, NotificationType } from '@gleba/contracts';
import { noticeParams, t } from '@gleba/i18n';
import { fitSms, type SmsAlphabet, type SmsText } from './sms';

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
  'paymentExpired',
  'paymentRefundDue',
  'sendSamplesReminder',
  'courierBooked',
  'dropOffCode',
  'dropOffCodeExpiring',
  'statusChanged',
  'transferPending',
  'deferredTransferPending',
  'kitSent',
  'complaintAnswered',
  'complaintRetest',
  'complaintSampleAnswered',
  'complaintSampleRetest',
  'newsletterWelcome',
  'dataExportReady',
  'erasureConfirm',
] as const;
export type Template = (typeof TEMPLATES)[number];

/** Marketing e-mail (the newsletter): no preferences footer, an unsubscribe link and header instead. */
export const MARKETING_TEMPLATES: ReadonlySet<Template> = new Set(['newsletterWelcome']);

/** Account e-mails: always sent, e-mail only, no preferences footer. */
export const ACCOUNT_TEMPLATES: ReadonlySet<Template> = new Set([
  'activation',
  'passwordReset',
  'passwordResetAdmin',
  'dataExportReady',
  'erasureConfirm',
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
  PAYMENT_EXPIRED: 'paymentExpired',
  PAYMENT_REFUND_DUE: 'paymentRefundDue',
  SAMPLES_SEND_REMINDER: 'sendSamplesReminder',
  COURIER_BOOKED: 'courierBooked',
  DROP_OFF_CODE: 'dropOffCode',
  DROP_OFF_CODE_EXPIRING: 'dropOffCodeExpiring',
  COMPLAINT_ANSWERED: 'complaintAnswered',
};

export type Params = Record<string, string | number | null>;

export interface RenderOptions {
  timeZone: string;
}

/**
 * Turns stored raw params into what a reader sees in their language: ISO instants as local
 * date and time, `amountGrosze` as money (`180,00 zł`), an order status as its name (shared
 * with the customer app: `noticeParams` of `@gleba/i18n`).
 */
export function displayParams(lang: Language, params: Params, options: RenderOptions): Params {
  return noticeParams(lang, params, options) as Params;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  /** `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 2369, RFC 8058) of marketing mail. */
  headers: Record<string, string>;
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export interface EmailInput {
  params: Params;
  firstName?: string | null;
  /** The thing the message is about (its button and its text link). */
  url?: string | null;
  /** Notices: the notification settings screen, linked from the footer. */
  preferencesUrl?: string | null;
  /**
   * Marketing mail: the one-click unsubscribe endpoint (POST, RFC 8058; GET works too), in the
   * `List-Unsubscribe` header and as the message's own link.
   */
  unsubscribeUrl?: string | null;
}

/** Subject, text and HTML of one e-mail, in the reader's language. */
export function renderEmail(
  template: Template,
  lang: Language,
  input: EmailInput,
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
  const link = input.url ?? input.unsubscribeUrl ?? null;
  const prefs = input.preferencesUrl
    ? {
        hint: t(lang, 'notifications.preferencesHint'),
        link: t(lang, 'notifications.preferencesLink'),
        url: input.preferencesUrl,
      }
    : null;

  const text = [
    greeting,
    ...body,
    ...(link ? [`${action}: ${link}`] : []),
    signature,
    ...(prefs ? [`--\n${prefs.hint}\n${prefs.link}: ${prefs.url}`] : []),
  ].join('\n\n');

  const para = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s).replace(/\n/g, '<br>')}</p>`;
  const button = link
    ? `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="background:#2f6b2f;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml(t(lang, 'notifications.linkFallback'))}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`
    : '';
  const html =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:600px;margin:0 auto;padding:24px">` +
    para(greeting) +
    body.map(para).join('') +
    button +
    para(signature) +
    (prefs
      ? `<hr style="border:none;border-top:1px solid #ddd"><p style="font-size:12px;color:#595959">${escapeHtml(prefs.hint)} ` +
        `<a href="${escapeHtml(prefs.url)}" style="color:#1a5276">${escapeHtml(prefs.link)}</a></p>`
      : '') +
    `</body></html>`;
  const headers: Record<string, string> = input.unsubscribeUrl
    ? {
        'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      }
    : {};
  return { subject, text, html, headers };
}

/**
 * One SMS in the reader's language, within one segment (decision 0038): the text in the chosen
 * alphabet, and the link only when it still fits in the same segment.
 */
export function renderSms(
  template: Template,
  lang: Language,
  input: { params: Params; url?: string | null },
  options: RenderOptions & { alphabet?: SmsAlphabet },
): SmsText {
  const p = displayParams(lang, input.params, options);
  const text = `${t(lang, 'notifications.smsPrefix')} ${t(lang, `notifications.${template}Sms`, p)}`;
  return fitSms(text, input.url ?? null, options.alphabet ?? 'unicode');
}

/** The in-app text (the SPA may render `content` with `params` itself; this is the same text). */
export function renderInApp(content: string, lang: Language, params: Params, options: RenderOptions): string {
  return t(lang, content, displayParams(lang, params, options));
}

/**
 * The page the unsubscribe link of a newsletter mail opens: a button that unsubscribes (a POST,
 * so a mail scanner following links changes nothing), then the confirmation.
 */
export function unsubscribePage(lang: Language, state: 'confirm' | 'done', action: string): string {
  const title = t(lang, 'notifications.newsletterUnsubscribeTitle');
  const content =
    state === 'done'
      ? `<p role="status">${escapeHtml(t(lang, 'notifications.newsletterUnsubscribed'))}</p>`
      : `<p>${escapeHtml(t(lang, 'notifications.newsletterUnsubscribeQuestion'))}</p>` +
        `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click">` +
        `<button type="submit" style="font:inherit;background:#2e4a0b;color:#fff;border:0;border-radius:6px;padding:12px 20px;min-height:44px;cursor:pointer">${escapeHtml(t(lang, 'notifications.newsletterWelcomeAction'))}</button></form>`;
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)} - Gleba</title></head>` +
    `<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:600px;margin:0 auto;padding:24px">` +
    `<h1 style="font-size:22px">${escapeHtml(title)}</h1>${content}</body></html>`
  );
}
