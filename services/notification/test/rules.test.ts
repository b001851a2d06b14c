import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ConfigurableNotificationType,
  FarmOrderStatus,
  GardenTestStatus,
  NotificationType,
} from '@gleba/contracts';
import { namespaces } from '@gleba/i18n';
import { toE164 } from '../src/domain/phone';
import {
  orderStatusNotice,
  parcelStatusNotice,
  resultsImportedNotice,
  STATUS_TYPE,
} from '../src/domain/rules';
import {
  ACCOUNT_TEMPLATES,
  displayParams,
  MARKETING_TEMPLATES,
  renderEmail,
  renderSms,
  TEMPLATE_OF_TYPE,
  TEMPLATES,
} from '../src/domain/templates';
import { statusChange } from './support';

describe('templates', () => {
  it('every template has its texts in pl, en and uk', () => {
    for (const lang of ['pl', 'en', 'uk'] as const) {
      const ns = namespaces.notifications[lang] as Record<string, string>;
      for (const template of TEMPLATES) {
        const parts =
          ACCOUNT_TEMPLATES.has(template) || MARKETING_TEMPLATES.has(template)
            ? ['Subject', 'Body', 'Action']
            : ['Subject', 'Body', 'Action', 'Sms', 'InApp'];
        for (const part of parts) expect(ns[`${template}${part}`], `${lang} ${template}${part}`).toBeTruthy();
      }
      for (const status of [...FarmOrderStatus.options, ...GardenTestStatus.options])
        expect(ns[`status${status}`], `${lang} ${status}`).toBeTruthy();
    }
  });

  it('every configurable type has a template', () => {
    for (const type of ConfigurableNotificationType.options)
      expect(TEMPLATE_OF_TYPE[type], type).toBeDefined();
    expect(NotificationType.options).toContain('ACCOUNT_ACTIVATION');
  });

  it('formats dates in Warsaw time, amounts in złoty and statuses by name', () => {
    const tz = { timeZone: 'Europe/Warsaw' };
    expect(
      displayParams('pl', { expiresAt: '2026-07-01T10:00:00Z', amountGrosze: 12345, status: 'KIT_SENT' }, tz),
    ).toMatchObject({
      expiresAt: '01.07.2026, 12:00',
      amount: '123,45 zł',
      status: 'zestaw do pobierania próbek wysłany',
    });
    expect(displayParams('en', { amountGrosze: 12345 }, tz).amount).toBe('PLN 123.45');
  });

  it('escapes params in HTML and keeps a text part', () => {
    const mail = renderEmail(
      'allResults',
      'en',
      { params: { ref: '<b>X</b>' }, firstName: 'Ann', url: 'https://x.test/soil-tests/1/results' },
      { timeZone: 'UTC' },
    );
    expect(mail.html).toContain('&lt;b&gt;X&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>X</b>');
    expect(mail.text).toContain('View results: https://x.test/soil-tests/1/results');
    expect(renderSms('allResults', 'pl', { params: { ref: 'GB1' } }, { timeZone: 'UTC' }).body).toBe(
      'Gleba: Wyniki badania GB1 są gotowe.',
    );
  });
});

describe('rules', () => {
  it('maps the spec status changes to their messages', () => {
    const user = randomUUID();
    const type = (to: Parameters<typeof statusChange>[1]) =>
      orderStatusNotice(statusChange(user, to), randomUUID())?.type ?? null;
    expect(type('WAITING_FOR_SHIPMENT')).toBe('ORDER_ADDED_AWAITING_SHIPMENT');
    expect(type('WAITING_FOR_RESULTS')).toBe('SAMPLES_SENT');
    expect(type('PARTIAL_RESULTS')).toBe('PARTIAL_RESULTS');
    expect(type('COMPLETE_RESULTS')).toBe('ALL_RESULTS');
    expect(type('RESULTS_UPDATED')).toBe('RESULTS_UPDATED');
    expect(type('CANCELLED')).toBe('ORDER_CANCELLED');
    expect(type('PAYMENT_CONFIRMED')).toBeNull();
    expect(type('KIT_SENT')).toBe('ORDER_STATUS_CHANGED');
    // A farm order's updated results are told once, by the lab import, not by its status change too.
    expect(
      orderStatusNotice(statusChange(user, 'RESULTS_UPDATED', { kind: 'FARM' }), randomUUID()),
    ).toBeNull();
    expect(
      resultsImportedNotice(
        {
          importId: randomUUID(),
          orderId: randomUUID(),
          orderNumber: 'ZF/2026/000014',
          userId: user,
          kind: 'FARM',
          completeness: 'UPDATED',
          sampleCodes: ['ZF2026000014-01'],
          importedAt: new Date().toISOString(),
        },
        randomUUID(),
      )?.type,
    ).toBe('RESULTS_UPDATED');
    expect(Object.keys(STATUS_TYPE).sort()).toEqual(
      [...new Set([...FarmOrderStatus.options, ...GardenTestStatus.options])].sort(),
    );
  });

  it('keys once-per-order messages by order and repeatable ones by event', () => {
    const user = randomUUID();
    const orderId = randomUUID();
    const a = orderStatusNotice(statusChange(user, 'CANCELLED', { orderId }), randomUUID())!;
    const b = orderStatusNotice(
      statusChange(user, 'ORDER_CANCELLED', { orderId, kind: 'FARM' }),
      randomUUID(),
    )!;
    expect(a.sourceKey).toBe(b.sourceKey);
    const eventId = randomUUID();
    expect(orderStatusNotice(statusChange(user, 'RESULTS_UPDATED', { orderId }), eventId)!.sourceKey).toBe(
      eventId,
    );
    // Links go to the thing itself: the garden test, its results, the farm order.
    expect(a.linkPath).toBe(`/soil-tests/edit/${orderId}`);
    expect(orderStatusNotice(statusChange(user, 'PARTIAL_RESULTS', { orderId }), eventId)!.linkPath).toBe(
      `/soil-tests/${orderId}/results`,
    );
    expect(b.linkPath).toBe(`/orders?order=${orderId}`);
    const pending = orderStatusNotice(
      {
        ...statusChange(user, 'PENDING_PAYMENT', { orderId, kind: 'FARM', barcode: null }),
        transfer: {
          amountGrosze: 18000,
          accountNumber: 'PL61 1090 1014 0000 0712 1981 2874',
          recipient: 'Gleba',
          transferTitle: 'Gleba ZAM/2026/0042',
          dueDate: null,
        },
      },
      eventId,
    )!;
    expect(pending.template).toBe('transferPending');
    expect(pending.linkPath).toBe(`/orders/${orderId}/payment`);
    const online = orderStatusNotice(
      statusChange(user, 'PENDING_PAYMENT', { orderId, kind: 'FARM', barcode: null }),
      eventId,
    )!;
    expect(online).toMatchObject({ template: 'statusChanged', linkPath: `/orders/${orderId}/payment` });
  });

  it('announces lab imports for farm orders only and parcels only when delivered', () => {
    const base = {
      importId: randomUUID(),
      orderId: randomUUID(),
      orderNumber: 'Z/1',
      userId: randomUUID(),
      sampleCodes: [],
      importedAt: new Date().toISOString(),
    };
    expect(
      resultsImportedNotice({ ...base, kind: 'FARM', completeness: 'COMPLETE' }, randomUUID())?.type,
    ).toBe('ALL_RESULTS');
    expect(
      resultsImportedNotice({ ...base, kind: 'GARDEN', completeness: 'COMPLETE' }, randomUUID()),
    ).toBeNull();
    const parcel = {
      shipmentId: randomUUID(),
      orderId: randomUUID(),
      testId: null,
      userId: randomUUID(),
      waybill: 'W1',
      shipmentType: 'COURIER' as const,
      from: null,
      at: new Date().toISOString(),
    };
    expect(parcelStatusNotice({ ...parcel, to: 'IN_TRANSIT' })).toBeNull();
    expect(parcelStatusNotice({ ...parcel, to: 'DELIVERED' })?.type).toBe('SAMPLES_DELIVERED');
  });

  it('normalises phone numbers to E.164 (+48 by default)', () => {
    expect(toE164('600 100 200')).toBe('+48600100200');
    expect(toE164('0048 600-100-200')).toBe('+48600100200');
    expect(toE164('+380501234567')).toBe('+380501234567');
    expect(toE164('12')).toBeNull();
    expect(toE164(null)).toBeNull();
  });
});
