import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CommonErrorCode,
  FarmOrderStatus,
  GardenTestStatus,
  GeoErrorCode,
  IdentityErrorCode,
  LabImportErrorCode,
  NotificationErrorCode,
  NotificationType,
  OrdersErrorCode,
  PaymentMethod,
  ShippingErrorCode,
  type Language,
} from '@gleba/contracts';
import { errorMessage, namespaces, noticeText } from '@gleba/i18n';
import {
  complaintAnsweredNotice,
  courierOrderedNotice,
  dropOffCodeNotice,
  orderCancelledNotice,
  orderPaidNotice,
  orderStatusNotice,
  parcelStatusNotice,
  paymentExpiredNotice,
  paymentRefundDueNotice,
  resultsImportedNotice,
  sendReminderNotice,
  type Notice,
} from '../src/domain/rules';
import { smsSize } from '../src/domain/sms';
import { inAppContent } from '../src/app/notify';
import { renderEmail, renderInApp, renderSms, type Template } from '../src/domain/templates';

/**
 * What a customer reads: every notice the rules make from sample events, rendered for every
 * channel in pl, en and uk, and every error code of every service, hold no unfilled `{param}`, no
 * catalogue key and no raw code (a status or enum value such as PENDING_PAYMENT).
 */
const LANGS: Language[] = ['pl', 'en', 'uk'];
const render = { timeZone: 'Europe/Warsaw' };

/** Codes a reader must never see: statuses, enum values and notification types. */
const RAW_CODES = new Set<string>([
  ...FarmOrderStatus.options,
  ...GardenTestStatus.options,
  ...NotificationType.options,
  ...PaymentMethod.options,
]);

function leftovers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\{\w+\}/g)) found.push(`placeholder ${m[0]}`);
  for (const m of text.matchAll(/\b(?:notifications|errors|customer|common)\.[A-Za-z_]+/g))
    found.push(`key ${m[0]}`);
  for (const m of text.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g)) found.push(`code ${m[0]}`);
  // Money is formatted with its currency: a template must not add another.
  for (const m of text.matchAll(/(?:zł|PLN|зл)\s*(?:zł|PLN|зл)|PLN\s+PLN|PLN [\d\s.,]+ ?PLN/g))
    found.push(`currency twice ${m[0]}`);
  for (const word of text.split(/[^A-Z_]+/)) if (RAW_CODES.has(word)) found.push(`code ${word}`);
  // Money is formatted with its currency: a template must not add it again.
  for (const m of text.matchAll(/(?:zł|PLN|зл)\s+(?:zł|PLN|зл)|PLN\s+[\d ,.]+\s*(?:zł|PLN)/g))
    found.push(`currency twice ${m[0]}`);
  return [...new Set(found)];
}

const user = randomUUID();
const orderId = randomUUID();
const testId = randomUUID();
const at = '2026-11-26T13:45:00Z';
const base = {
  orderId,
  userId: user,
  changedByUserId: null,
  changedAt: at,
  from: null,
};

/** Every notice the rules make, from events as the services send them. */
function sampleNotices(): Notice[] {
  const notices: (Notice | null)[] = [];
  for (const to of FarmOrderStatus.options)
    notices.push(
      orderStatusNotice(
        { ...base, kind: 'FARM', orderNumber: 'ZF/2026/000014', barcode: null, to },
        randomUUID(),
      ),
    );
  for (const to of GardenTestStatus.options)
    notices.push(
      orderStatusNotice(
        {
          ...base,
          orderId: testId,
          kind: 'GARDEN',
          orderNumber: 'ZG/2026/000007',
          barcode: 'GLEBA0000000001',
          to,
        },
        randomUUID(),
      ),
    );
  const transfer = {
    amountGrosze: 18000,
    accountNumber: 'PL61 1090 1014 0000 0712 1981 2874',
    recipient: 'Gleba Sp. z o.o., ul. Polna 1, 00-001 Warszawa',
    transferTitle: 'Gleba ZF/2026/000014',
  };
  notices.push(
    orderStatusNotice(
      {
        ...base,
        kind: 'FARM',
        orderNumber: 'ZF/2026/000014',
        barcode: null,
        to: 'PENDING_PAYMENT',
        transfer: { ...transfer, dueDate: null },
      },
      randomUUID(),
    ),
    orderStatusNotice(
      {
        ...base,
        kind: 'FARM',
        orderNumber: 'ZF/2026/000014',
        barcode: null,
        to: 'PENDING_PAYMENT',
        transfer: { ...transfer, dueDate: '2026-12-10T12:00:00Z' },
      },
      randomUUID(),
    ),
    orderStatusNotice(
      {
        ...base,
        kind: 'FARM',
        orderNumber: 'ZF/2026/000014',
        barcode: null,
        to: 'KIT_SENT',
        trackingNumber: '13245678901234',
      },
      randomUUID(),
    ),
    orderPaidNotice(
      {
        orderId,
        orderNumber: 'ZF/2026/000014',
        userId: user,
        kind: 'FARM',
        paymentMethod: 'ONLINE_BANK_TRANSFER',
        amountGrosze: 18000,
        paidAt: at,
      },
      randomUUID(),
    ),
    orderCancelledNotice(
      {
        orderId,
        orderNumber: 'ZF/2026/000014',
        userId: user,
        kind: 'FARM',
        sampleCodes: [],
        cancelledByUserId: null,
        cancelledAt: at,
      },
      randomUUID(),
    ),
  );
  for (const completeness of ['PARTIAL', 'COMPLETE', 'UPDATED'] as const)
    notices.push(
      resultsImportedNotice(
        {
          importId: randomUUID(),
          orderId,
          orderNumber: 'ZF/2026/000014',
          userId: user,
          kind: 'FARM',
          completeness,
          sampleCodes: [],
          importedAt: at,
        } as Parameters<typeof resultsImportedNotice>[0],
        randomUUID(),
      ),
    );
  const shipment = { shipmentId: randomUUID(), orderId, testId, userId: user };
  notices.push(
    courierOrderedNotice(
      {
        ...shipment,
        waybill: '13245678901234',
        pickupDate: '2026-11-27',
        timeWindow: '08:00-16:00',
        courierOrderNumber: 'C1',
      },
      randomUUID(),
    ),
    dropOffCodeNotice({ ...shipment, code: 'K7Q2M9XA', expiresAt: '2026-12-01T22:59:00Z' }, 'DROP_OFF_CODE'),
    dropOffCodeNotice(
      { ...shipment, code: 'K7Q2M9XA', expiresAt: '2026-12-01T22:59:00Z' },
      'DROP_OFF_CODE_EXPIRING',
    ),
    parcelStatusNotice({
      ...shipment,
      waybill: '13245678901234',
      shipmentType: 'COURIER',
      from: 'IN_TRANSIT',
      to: 'DELIVERED',
      at,
    }),
  );
  for (const retest of [false, true])
    notices.push(
      complaintAnsweredNotice({
        complaintId: randomUUID(),
        kind: 'GARDEN',
        testId,
        orderNumber: 'ZG/2026/000007',
        userId: base.userId,
        answer: 'Wynik pH jest poprawny; powtórzymy oznaczenie magnezu.',
        retest,
        answeredByUserId: randomUUID(),
        answeredAt: at,
      }),
      // A farm order's sample: named by its code, with its order.
      complaintAnsweredNotice({
        complaintId: randomUUID(),
        kind: 'FARM',
        testId: randomUUID(),
        orderId,
        sampleCode: 'SK7M2P9QX4R8TW',
        orderNumber: 'ZF/2026/000014',
        userId: base.userId,
        answer: 'Wynik pH jest poprawny; powtórzymy oznaczenie magnezu.',
        retest,
        answeredByUserId: randomUUID(),
        answeredAt: at,
      }),
    );
  notices.push(
    sendReminderNotice(
      {
        userId: user,
        orderId: testId,
        orderNumber: 'ZG/2026/000007',
        kind: 'GARDEN',
        since: at,
        sendBy: '2026-11-30T13:45:00Z',
      },
      randomUUID(),
    ),
  );
  const payment = {
    orderId,
    orderNumber: 'ZF/2026/000014',
    userId: user,
    kind: 'FARM' as const,
    amountGrosze: 18000,
    sessionId: randomUUID(),
  };
  notices.push(
    paymentExpiredNotice({ ...payment, outcome: 'EXPIRED', endedAt: at }),
    paymentRefundDueNotice({ ...payment, reason: 'ORDER_CANCELLED', receivedAt: at }),
  );
  return notices.filter((n): n is Notice => n !== null);
}

describe('what a customer reads', () => {
  const notices = sampleNotices();

  it('covers every notice type and template the rules use', () => {
    const types = new Set(notices.map((n) => n.type));
    for (const type of NotificationType.options)
      if (!['ACCOUNT_ACTIVATION', 'PASSWORD_RESET', 'NEWSLETTER', 'ACCOUNT_DATA'].includes(type))
        expect(types.has(type), type).toBe(true);
    const templates = new Set(notices.map((n) => n.template));
    for (const t of ['transferPending', 'deferredTransferPending', 'kitSent'] as Template[])
      expect(templates.has(t), t).toBe(true);
  });

  it('names every notice type in the three languages (the preferences screen lists them)', () => {
    for (const lang of LANGS)
      for (const type of NotificationType.options) {
        const label =
          namespaces.notifications[lang][`type${type}` as keyof (typeof namespaces.notifications)['pl']];
        expect(label, `${lang} type${type}`).toBeTruthy();
      }
  });

  for (const lang of LANGS) {
    it(`renders every notice on every channel in ${lang} with nothing left unfilled`, () => {
      for (const n of notices) {
        const where = `${lang} ${n.template} (${String(n.params.status ?? n.type)})`;
        const mail = renderEmail(
          n.template,
          lang,
          {
            params: n.params,
            firstName: 'Anna',
            url: `https://app.gleba.test${n.linkPath}`,
            preferencesUrl: 'https://app.gleba.test/my-account#notifications',
          },
          render,
        );
        const sms = renderSms(n.template, lang, { params: n.params, url: null }, render);
        const inApp = renderInApp(inAppContent(n.template), lang, n.params, render);
        // The customer app renders the stored content and params itself: the same text.
        const spa = noticeText(lang, inAppContent(n.template), n.params);
        expect(spa, where).toBe(inApp);
        for (const [channel, text] of [
          ['subject', mail.subject],
          ['text', mail.text],
          ['html', mail.html.replace(/<[^>]+>/g, ' ')],
          ['sms', sms.body],
          ['in-app', inApp],
        ] as const)
          expect(leftovers(text), `${where} ${channel}: ${text}`).toEqual([]);
      }
    });
  }

  it("names statuses in words and money as money in the reader's language", () => {
    const kit = notices.find((n) => n.template === 'kitSent')!;
    expect(renderEmail(kit.template, 'pl', { params: kit.params }, render).text).toContain(
      'Numer przesyłki: 13245678901234.',
    );
    const paid = notices.find((n) => n.type === 'PAYMENT_RECEIVED')!;
    expect(renderInApp(inAppContent(paid.template), 'pl', paid.params, render)).toBe(
      'Otrzymaliśmy płatność 180,00 zł za zamówienie ZF/2026/000014.',
    );
    expect(renderInApp(inAppContent(paid.template), 'en', paid.params, render)).toContain('PLN 180.00');
    expect(renderInApp(inAppContent(paid.template), 'uk', paid.params, render)).toContain('180,00 PLN');
    const pending = notices.find((n) => n.params.status === 'SAMPLES_IN_ANALYSIS')!;
    expect(noticeText('pl', inAppContent(pending.template), pending.params)).toBe(
      'Status zamówienia ZF/2026/000014: próbki w analizie.',
    );
    expect(noticeText('uk', inAppContent(pending.template), pending.params)).toBe(
      'Статус замовлення ZF/2026/000014: зразки на аналізі.',
    );
  });

  it('keeps every status SMS within one segment, in both alphabets, in every language', () => {
    for (const lang of LANGS)
      for (const alphabet of ['unicode', 'gsm7'] as const)
        for (const n of notices) {
          const sms = renderSms(n.template, lang, { params: n.params, url: null }, { ...render, alphabet });
          expect(sms.segments, `${lang} ${alphabet} ${n.template}: ${sms.body} (${sms.units})`).toBe(1);
          expect(smsSize(sms.body).segments).toBe(1);
        }
  });

  it('has every error code of every service in pl, en and uk, filled', () => {
    const codes = [
      CommonErrorCode,
      GeoErrorCode,
      IdentityErrorCode,
      LabImportErrorCode,
      NotificationErrorCode,
      OrdersErrorCode,
      ShippingErrorCode,
    ].flatMap((group) => Object.values(group) as string[]);
    expect(codes.length).toBeGreaterThan(20);
    // Sample values of the params error messages take; a new param needs one here.
    const samples: Record<string, string | number> = {};
    const errors = namespaces.errors as unknown as Record<Language, Record<string, string>>;
    for (const text of Object.values(errors.pl))
      for (const m of text.matchAll(/\{(\w+)\}/g)) samples[m[1]!] = 7;
    for (const lang of LANGS)
      for (const code of codes) {
        const text = errorMessage(lang, code, samples);
        expect(text, `${lang} ${code}`).toBeDefined();
        expect(leftovers(text!), `${lang} ${code}: ${text}`).toEqual([]);
        expect(text, `${lang} ${code}`).not.toBe(code);
      }
  });
});
