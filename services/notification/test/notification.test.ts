import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActivationLinkRequestedV1,
  ComplaintAnsweredV1,
  OrderCancelledV1,
  OrderStatusChangedV1,
  PasswordResetRequestedV1,
  PaymentRefundDueV1,
  PaymentSessionEndedV1,
  type TDeliveryList,
  type TInAppList,
  type TNotificationPreferences,
} from '@gleba/contracts';
import { startTwilioSimulator, type TwilioSimulatorHandle } from '@gleba/simulators';
import {
  createTestKeys,
  dropTestDatabases,
  http,
  publishTestEvent,
  startTestService,
  testMessagingNames,
  waitFor,
  type TestKeys,
  type TestService,
} from '@gleba/testkit';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { notificationService } from '../src/service';
import {
  registerUser,
  serviceConfig,
  sleep,
  startSmtpSink,
  statusChange,
  type SmtpSink,
  type TestUser,
} from './support';

describe('notifications: in-app, e-mail and SMS from events', () => {
  let service: TestService<Database, Config>;
  let smtp: SmtpSink;
  let twilio: TwilioSimulatorHandle;
  let keys: TestKeys;
  const messaging = testMessagingNames('notification');
  const tokenOf = (u: { userId: string; language?: TestUser['language'] }, role: 'USER' | 'ADMIN' = 'USER') =>
    keys.sign({ sub: u.userId, role, lang: u.language });
  const adminToken = () => keys.sign({ sub: randomUUID(), role: 'ADMIN' });

  const inApp = async (u: TestUser, query = '') =>
    (await http<TInAppList>(service.url, 'GET', `/api/notifications/in-app${query}`, { token: tokenOf(u) }))
      .body;
  const deliveries = async (query: string) =>
    (await http<TDeliveryList>(service.url, 'GET', `/farm-api/deliveries${query}`, { token: adminToken() }))
      .body;
  const contactKnown = (userId: string) =>
    waitFor(
      () =>
        service.ctx.db
          .selectFrom('contacts')
          .select('user_id')
          .where('user_id', '=', userId)
          .executeTakeFirst(),
      { message: 'contact' },
    );
  const user = async (options: Parameters<typeof registerUser>[1] = {}) => {
    const u = await registerUser(messaging.exchange, options);
    await contactKnown(u.userId);
    return u;
  };

  beforeAll(async () => {
    keys = createTestKeys();
    [smtp, twilio] = await Promise.all([
      startSmtpSink({ rejectRecipient: (to) => to.startsWith('bounce') }),
      startTwilioSimulator(),
    ]);
    service = await startTestService(notificationService, {
      keys: keys.resolver,
      messaging,
      config: serviceConfig({
        SMTP_URL: smtp.url,
        TWILIO_API_URL: twilio.url,
        TWILIO_ACCOUNT_SID: twilio.accountSid,
        TWILIO_AUTH_TOKEN: twilio.authToken,
        TWILIO_FROM: '+48500000000',
        CUSTOMER_APP_URL: 'https://app.gleba.test',
        ADMIN_APP_URL: 'https://app.gleba.test/admin',
        DELIVERY_ATTEMPTS: 3,
        DELIVERY_BACKOFF_MS: 100,
        DELIVERY_SWEEP_MS: 500,
      }),
    });
  });
  afterAll(async () => {
    await service?.cleanup();
    await Promise.all([smtp?.close(), twilio?.close()]);
    await dropTestDatabases();
  });

  it('a status change delivered twice gives one in-app notification, one e-mail and one SMS in the user language', async () => {
    const u = await user({ language: 'en', phone: '600 100 200' });
    const data = statusChange(u.userId, 'PARTIAL_RESULTS');
    const id = randomUUID();
    await publishTestEvent(messaging.exchange, OrderStatusChangedV1, data, { id });
    await publishTestEvent(messaging.exchange, OrderStatusChangedV1, data, { id });

    await waitFor(async () => (await inApp(u)).items.length === 1);
    const mail = (await waitFor(() => smtp.to(u.email)[0], { message: 'e-mail' }))!;
    const sms = await waitFor(() => twilio.messages.find((m) => m.to === '+48600100200'), { message: 'SMS' });
    await sleep(800);

    const list = await inApp(u);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      type: 'PARTIAL_RESULTS',
      content: 'notifications.partialResultsInApp',
      params: { ref: 'GB1234567890' },
      seen: false,
      text: 'Partial results of test GB1234567890 are available.',
    });
    expect(smtp.to(u.email)).toHaveLength(1);
    expect(twilio.messages.filter((m) => m.to === '+48600100200')).toHaveLength(1);
    // Sent by the official twilio package, its HTTP client pointed at the simulator by configuration.
    expect(sms!.userAgent).toMatch(/^twilio-node\//);
    expect(sms!.from).toBe('+48500000000');

    // Links open the thing itself, in the reader's language.
    const resultsUrl = `https://app.gleba.test/soil-tests/${data.orderId}/results?lang=en`;
    expect(mail.subject).toBe('Partial results of test GB1234567890');
    expect(mail.text).toContain('Hello Anna,');
    expect(mail.text).toContain(resultsUrl);
    expect(mail.html).toContain(`href="${resultsUrl}"`);
    expect(mail.html).toContain('View results');
    // The footer links to the notification settings, as a real link.
    const prefsUrl = 'https://app.gleba.test/my-account?lang=en#notifications';
    expect(mail.text).toContain(`Change notification settings: ${prefsUrl}`);
    expect(mail.html).toContain(`<a href="${prefsUrl}"`);
    expect(mail.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(false); // notices: settings, not a list
    // GSM-7 and within one segment with its link.
    expect(sms.body).toBe(`Gleba: Partial results of test GB1234567890 are available. ${resultsUrl}`);
    expect(sms.from).toBe('+48500000000');

    const sent = await deliveries(`?userId=${u.userId}&status=SENT`);
    expect(sent.items.map((d) => d.channel).sort()).toEqual(['EMAIL', 'SMS']);
    expect(sent.items.find((d) => d.channel === 'SMS')?.externalId).toBe(sms.sid);
  });

  it('writes in Polish and Ukrainian to users who chose them', async () => {
    const pl = await user({ language: 'pl', phone: null });
    const uk = await user({ language: 'uk', phone: '+380501234567' });
    await publishTestEvent(
      messaging.exchange,
      OrderStatusChangedV1,
      statusChange(pl.userId, 'COMPLETE_RESULTS'),
    );
    await publishTestEvent(
      messaging.exchange,
      OrderStatusChangedV1,
      statusChange(uk.userId, 'CANCELLED', { barcode: null }),
    );

    const plMail = await waitFor(() => smtp.to(pl.email)[0]);
    expect(plMail.subject).toBe('Wyniki badania GB1234567890 są gotowe');
    expect(plMail.text).toContain('Dzień dobry Anna,');
    const ukMail = await waitFor(() => smtp.to(uk.email)[0]);
    expect(ukMail.subject).toBe('Дослідження ZAM/2026/0042 скасовано');
    expect(ukMail.text).toContain('https://app.gleba.test/soil-tests');
    const ukSms = await waitFor(() => twilio.messages.find((m) => m.to === '+380501234567'));
    expect(ukSms.body).toContain('Дослідження ZAM/2026/0042 скасовано.');

    // No phone number: the SMS is logged as skipped, not failed.
    const skipped = await waitFor(
      async () => (await deliveries(`?userId=${pl.userId}&status=SKIPPED`)).items[0],
    );
    expect(skipped).toMatchObject({ channel: 'SMS', reason: 'noPhoneNumber' });
  });

  it('sends account e-mails with links to the right app: activation and password resets', async () => {
    const userId = randomUUID();
    const token = 'a'.repeat(24) + randomUUID();
    await publishTestEvent(messaging.exchange, ActivationLinkRequestedV1, {
      userId,
      email: 'new.user@example.com',
      firstName: 'Jan',
      language: 'pl',
      token,
      expiresAt: '2026-11-23T12:00:00Z',
    });
    const activation = await waitFor(() => smtp.to('new.user@example.com')[0]);
    expect(activation.subject).toBe('Aktywuj swoje konto w Gleba');
    expect(activation.text).toContain(`https://app.gleba.test/activate/${token}`);
    expect(activation.text).toContain('23.11.2026, 13:00'); // Europe/Warsaw
    expect(activation.html).toContain(`href="https://app.gleba.test/activate/${token}?lang=pl"`);

    await publishTestEvent(messaging.exchange, PasswordResetRequestedV1, {
      userId,
      email: 'admin.user@example.com',
      firstName: 'Ola',
      language: 'en',
      token,
      expiresAt: '2026-11-23T12:00:00Z',
      app: 'admin',
    });
    const reset = await waitFor(() => smtp.to('admin.user@example.com')[0]);
    expect(reset.subject).toBe('Set your Gleba admin panel password');
    expect(reset.text).toContain(`https://app.gleba.test/admin/set-password/${token}`);
    expect(reset.text).not.toContain('/my-account');

    // Account e-mails create no in-app notification.
    const list = await http<TInAppList>(service.url, 'GET', '/api/notifications/in-app', {
      token: tokenOf({ userId }),
    });
    expect(list.body.items).toHaveLength(0);
  });

  it('follows preferences per type and channel, and logs what it skipped', async () => {
    const u = await user({ language: 'pl' });
    const initial = await http<TNotificationPreferences>(
      service.url,
      'GET',
      '/api/notifications/preferences',
      { token: tokenOf(u) },
    );
    expect(initial.status).toBe(200);
    expect(initial.body.items.find((p) => p.type === 'SAMPLES_SENT')).toEqual({
      type: 'SAMPLES_SENT',
      isEmailEnabled: true,
      isInAppEnabled: true,
      isSmsEnabled: true,
    });
    expect(initial.body.items.some((p) => (p.type as string) === 'ACCOUNT_ACTIVATION')).toBe(false);

    const put = await http<TNotificationPreferences>(service.url, 'PUT', '/api/notifications/preferences', {
      token: tokenOf(u),
      body: { items: [{ type: 'SAMPLES_SENT', isEmailEnabled: false, isSmsEnabled: false }] },
    });
    expect(put.status).toBe(200);
    expect(put.body.items.find((p) => p.type === 'SAMPLES_SENT')).toMatchObject({
      isEmailEnabled: false,
      isInAppEnabled: true,
      isSmsEnabled: false,
    });
    const bad = await http(service.url, 'PUT', '/api/notifications/preferences', {
      token: tokenOf(u),
      body: { items: [{ type: 'PASSWORD_RESET', isEmailEnabled: false }] },
    });
    expect(bad.status).toBe(400);

    await publishTestEvent(
      messaging.exchange,
      OrderStatusChangedV1,
      statusChange(u.userId, 'WAITING_FOR_RESULTS'),
    );
    await waitFor(async () => (await inApp(u)).items.length === 1);
    const skipped = await waitFor(async () => {
      const d = await deliveries(`?userId=${u.userId}&status=SKIPPED`);
      return d.items.length === 2 ? d : null;
    });
    expect(skipped.items.every((d) => d.reason === 'disabledByPreference' && d.type === 'SAMPLES_SENT')).toBe(
      true,
    );
    await sleep(300);
    expect(smtp.to(u.email)).toHaveLength(0);
  });

  it('lets users read and mark only their own notifications', async () => {
    const a = await user();
    const b = await user();
    await publishTestEvent(
      messaging.exchange,
      OrderStatusChangedV1,
      statusChange(a.userId, 'WAITING_FOR_SHIPMENT'),
    );
    await publishTestEvent(
      messaging.exchange,
      OrderStatusChangedV1,
      statusChange(a.userId, 'RESULTS_UPDATED'),
    );
    await waitFor(async () => (await inApp(a)).items.length === 2);
    const [newest, older] = (await inApp(a, '?orderBy=createdAt:desc')).items;
    expect(newest!.type).toBe('RESULTS_UPDATED');
    expect(older!.type).toBe('ORDER_ADDED_AWAITING_SHIPMENT');

    expect((await inApp(b)).items).toHaveLength(0);
    const steal = await http(service.url, 'PATCH', `/api/notifications/in-app/${newest!.id}`, {
      token: tokenOf(b),
    });
    expect(steal.status).toBe(404);
    expect(steal.body).toMatchObject({
      code: 'notificationNotFound',
      message: 'Nie znaleziono powiadomienia.',
    });
    expect((await http(service.url, 'GET', '/api/notifications/in-app')).status).toBe(401);

    const count = () =>
      http<{ unseenCount: number }>(service.url, 'GET', '/api/notifications/in-app/unseen/count', {
        token: tokenOf(a),
      });
    expect((await count()).body).toEqual({ unseenCount: 2 });
    const seen = await http(service.url, 'PATCH', `/api/notifications/in-app/${newest!.id}`, {
      token: tokenOf(a),
    });
    expect(seen.status).toBe(200);
    expect((await count()).body).toEqual({ unseenCount: 1 });

    // The admin panel asks under its mode's base, for the admin's own count; a customer may not.
    for (const base of ['/farm-api', '/garden-api']) {
      const asAdmin = await http<{ unseenCount: number }>(
        service.url,
        'GET',
        `${base}/notifications/in-app/unseen/count`,
        { token: tokenOf(a, 'ADMIN') },
      );
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body).toEqual({ unseenCount: 1 });
      const asUser = await http(service.url, 'GET', `${base}/notifications/in-app/unseen/count`, {
        token: tokenOf(a),
      });
      expect(asUser.status).toBe(403);
    }

    const unread = await inApp(a, '?filter=unread');
    expect(unread.items.map((n) => n.id)).toEqual([older!.id]);
    const paged = await inApp(a, '?page=1&perPage=1');
    expect(paged.meta).toMatchObject({ page: 1, perPage: 1, total: 2, next: 2, prev: null });
    const page2 = await inApp(a, '?page=2&perPage=1');
    expect(page2.meta).toMatchObject({ next: null, prev: 1 });
    expect(page2.items[0]!.id).toBe(older!.id);
    const pastEnd = await inApp(a, '?page=5&perPage=1');
    expect(pastEnd.items).toHaveLength(0);
    expect(pastEnd.meta).toMatchObject({ total: 2, next: null });
    expect(
      (await http(service.url, 'GET', '/api/notifications/in-app?filter=nope', { token: tokenOf(a) })).status,
    ).toBe(400);
  });

  it('keeps notices for users it does not know yet and sends them when identity tells who they are', async () => {
    const userId = randomUUID();
    await publishTestEvent(
      messaging.exchange,
      OrderStatusChangedV1,
      statusChange(userId, 'WAITING_FOR_SHIPMENT'),
    );
    await waitFor(async () => (await inApp({ userId } as TestUser)).items.length === 1);
    const waiting = await waitFor(async () => {
      const d = await deliveries(`?userId=${userId}&status=WAITING_CONTACT`);
      return d.items.length === 2 ? d : null;
    });
    expect(waiting.items).toHaveLength(2);

    const u = await registerUser(messaging.exchange, { userId, language: 'en', phone: '+48 601 202 303' });
    const mail = await waitFor(() => smtp.to(u.email)[0]);
    expect(mail.subject).toBe('Test GB1234567890 added, waiting for your samples');
    await waitFor(() => twilio.messages.find((m) => m.to === '+48601202303'));
  });

  it('announces a cancellation once although two events report it', async () => {
    const u = await user();
    const orderId = randomUUID();
    await publishTestEvent(
      messaging.exchange,
      OrderStatusChangedV1,
      statusChange(u.userId, 'ORDER_CANCELLED', { orderId, kind: 'FARM', barcode: null }),
    );
    await publishTestEvent(messaging.exchange, OrderCancelledV1, {
      orderId,
      orderNumber: 'ZAM/2026/0042',
      userId: u.userId,
      kind: 'FARM',
      sampleCodes: [],
      cancelledByUserId: u.userId,
      cancelledAt: new Date().toISOString(),
    });
    await waitFor(() => smtp.to(u.email)[0]);
    await sleep(500);
    expect((await inApp(u)).items).toHaveLength(1);
    expect(smtp.to(u.email)).toHaveLength(1);
  });

  it('tells the customer an online payment expired, or that a payment will be refunded, in their language; not a rejection they saw', async () => {
    const u = await user({ language: 'uk', phone: '+380501234568' });
    const orderId = randomUUID();
    const base = {
      orderId,
      orderNumber: 'ZF/2026/000042',
      userId: u.userId,
      kind: 'FARM' as const,
      amountGrosze: 18000,
    };
    const ended = (sessionId: string, outcome: 'REJECTED' | 'EXPIRED') => ({
      ...base,
      sessionId,
      outcome,
      endedAt: new Date().toISOString(),
    });
    await publishTestEvent(messaging.exchange, PaymentSessionEndedV1, ended(randomUUID(), 'REJECTED'));
    const expiredSession = randomUUID();
    const id = randomUUID();
    await publishTestEvent(messaging.exchange, PaymentSessionEndedV1, ended(expiredSession, 'EXPIRED'), {
      id,
    });
    await publishTestEvent(messaging.exchange, PaymentSessionEndedV1, ended(expiredSession, 'EXPIRED'), {
      id,
    });
    const mail = await waitFor(() => smtp.to(u.email)[0]);
    const paymentUrl = `https://app.gleba.test/orders/${orderId}/payment`;
    expect(mail.subject).toBe('Час на оплату замовлення ZF/2026/000042 минув');
    expect(mail.text).toContain('180,00');
    expect(mail.text).toContain(paymentUrl);

    await publishTestEvent(messaging.exchange, PaymentRefundDueV1, {
      ...base,
      sessionId: expiredSession,
      reason: 'ORDER_CANCELLED',
      receivedAt: new Date().toISOString(),
    });
    await waitFor(async () => (await inApp(u)).items.length === 2);
    await sleep(500);
    const items = (await inApp(u)).items;
    expect(items.map((n) => n.type).sort()).toEqual(['PAYMENT_EXPIRED', 'PAYMENT_REFUND_DUE']);
    expect(items.find((n) => n.type === 'PAYMENT_REFUND_DUE')!.text).toBe(
      'Оплату 180,00 PLN за замовлення ZF/2026/000042 буде повернено.',
    );
    for (const n of items) expect(n.text).not.toMatch(/[{}]|notifications\./);
    expect(smtp.to(u.email)).toHaveLength(2);
    // Payment notices send no SMS unless the user asks for them.
    expect(twilio.messages.filter((m) => m.to === '+380501234568')).toHaveLength(0);
  });

  it('tells the customer the answer to a complaint on every channel, or that the sample is tested again', async () => {
    const u = await user({ language: 'pl', phone: '+48600100299' });
    const testId = randomUUID();
    const answered = (retest: boolean) => ({
      complaintId: randomUUID(),
      kind: 'GARDEN' as const,
      testId,
      orderNumber: 'ZG/2026/000077',
      userId: u.userId,
      answer: retest ? 'Powtórzymy badanie próbki.' : 'Wynik pH jest poprawny.',
      retest,
      answeredByUserId: randomUUID(),
      answeredAt: new Date().toISOString(),
    });
    const first = answered(false);
    await publishTestEvent(messaging.exchange, ComplaintAnsweredV1, first);
    await publishTestEvent(messaging.exchange, ComplaintAnsweredV1, first); // delivered twice: told once
    await publishTestEvent(messaging.exchange, ComplaintAnsweredV1, answered(true));
    await waitFor(async () => (await inApp(u)).items.length === 2);
    await waitFor(() => smtp.to(u.email).length === 2, { message: 'e-mails' });
    await waitFor(() => twilio.messages.filter((m) => m.to === '+48600100299').length === 2, {
      message: 'SMS',
    });
    await sleep(500);
    const items = (await inApp(u)).items;
    expect(items.map((n) => n.type)).toEqual(['COMPLAINT_ANSWERED', 'COMPLAINT_ANSWERED']);
    expect(items.map((n) => n.text).sort()).toEqual([
      'Odpowiedź na reklamację badania ZG/2026/000077: „Wynik pH jest poprawny.”',
      'Reklamacja badania ZG/2026/000077 przyjęta, powtórzymy badanie: „Powtórzymy badanie próbki.”',
    ]);
    const resultsUrl = `https://app.gleba.test/soil-tests/${testId}/results?lang=pl`;
    const mails = smtp.to(u.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Odpowiedź na reklamację badania ZG/2026/000077',
      'Powtórzymy badanie ZG/2026/000077',
    ]);
    for (const m of mails) expect(m.text).toContain(resultsUrl);
    expect(mails.find((m) => m.subject?.startsWith('Odpowiedź'))!.text).toContain('Wynik pH jest poprawny.');
    const sms = twilio.messages.filter((m) => m.to === '+48600100299').map((m) => m.body);
    expect(sms.some((b) => b.includes('przyjęta: powtórzymy badanie'))).toBe(true);
    for (const n of items) expect(n.text).not.toMatch(/[{}]|notifications\./);
  });

  it("names a farm order's sample in the answer to its complaint, on every channel, in the user's language", async () => {
    const u = await user({ language: 'uk', phone: '+380501234599' });
    const sampleId = randomUUID();
    await publishTestEvent(messaging.exchange, ComplaintAnsweredV1, {
      complaintId: randomUUID(),
      kind: 'FARM',
      testId: sampleId,
      orderId: randomUUID(),
      sampleCode: 'SH3N8C2VW6Y9KT',
      orderNumber: 'ZF/2026/000081',
      userId: u.userId,
      answer: 'Повторимо аналіз цього зразка.',
      retest: true,
      answeredByUserId: randomUUID(),
      answeredAt: new Date().toISOString(),
    });
    await waitFor(async () => (await inApp(u)).items.length === 1);
    await waitFor(() => smtp.to(u.email).length === 1, { message: 'e-mail' });
    await waitFor(() => twilio.messages.filter((m) => m.to === '+380501234599').length === 1, {
      message: 'SMS',
    });
    const [item] = (await inApp(u)).items;
    expect(item!.type).toBe('COMPLAINT_ANSWERED');
    expect(item!.text).toBe(
      'Скаргу щодо зразка SH3N8C2VW6Y9KT із замовлення ZF/2026/000081 прийнято, ми повторимо аналіз: «Повторимо аналіз цього зразка.»',
    );
    const [mail] = smtp.to(u.email);
    expect(mail!.subject).toBe('Ми повторимо аналіз зразка SH3N8C2VW6Y9KT (замовлення ZF/2026/000081)');
    expect(mail!.text).toContain(`https://app.gleba.test/soil-tests/${sampleId}/results?lang=uk`);
    const [sms] = twilio.messages.filter((m) => m.to === '+380501234599');
    expect(sms!.body).toContain('SH3N8C2VW6Y9KT');
  });

  it('records failed deliveries with the provider reason; admins list them in both modes', async () => {
    const u = await user({ phone: '602 000 111' });
    twilio.fail({ status: 400, code: 21211, message: "The 'To' number is not a valid phone number." });
    try {
      await publishTestEvent(
        messaging.exchange,
        OrderStatusChangedV1,
        statusChange(u.userId, 'SAMPLES_IN_ANALYSIS', { kind: 'FARM' }),
      );
      const failed = await waitFor(
        async () => (await deliveries(`?status=FAILED&userId=${u.userId}`)).items[0],
      );
      expect(failed).toMatchObject({
        channel: 'SMS',
        type: 'ORDER_STATUS_CHANGED',
        recipient: '+48602000111',
        attempts: 1,
      });
      expect(failed.reason).toContain('21211');
    } finally {
      twilio.succeed();
    }
    const mail = await waitFor(() => smtp.to(u.email)[0]);
    expect(mail.subject).toBe('Nowy status zamówienia GB1234567890: próbki w analizie');

    const garden = await http<TDeliveryList>(
      service.url,
      'GET',
      '/garden-api/deliveries?status=FAILED&page=1&perPage=5',
      { token: adminToken() },
    );
    expect(garden.status).toBe(200);
    expect(garden.body.meta).toMatchObject({ page: 1, perPage: 5 });
    expect(garden.body.items.every((d) => d.status === 'FAILED')).toBe(true);
    expect(
      (await http(service.url, 'GET', '/farm-api/deliveries?status=FAILED', { token: tokenOf(u) })).status,
    ).toBe(403);

    // A transient error (503) is retried with backoff and then succeeds.
    const v = await user({ phone: '603 000 222' });
    twilio.fail({ status: 503, times: 1 });
    await publishTestEvent(
      messaging.exchange,
      OrderStatusChangedV1,
      statusChange(v.userId, 'KIT_SENT', { kind: 'FARM' }),
    );
    await waitFor(() => twilio.messages.find((m) => m.to === '+48603000222'));
    const sms = await waitFor(
      async () => (await deliveries(`?status=SENT&channel=SMS&userId=${v.userId}`)).items[0],
    );
    expect(sms.attempts).toBe(2);

    // A mailbox the SMTP server refuses (550) fails at once.
    const w = await user({ email: 'bounce@example.com' });
    await publishTestEvent(
      messaging.exchange,
      OrderStatusChangedV1,
      statusChange(w.userId, 'KIT_SENT', { kind: 'FARM' }),
    );
    const bounced = await waitFor(
      async () => (await deliveries(`?status=FAILED&channel=EMAIL&userId=${w.userId}`)).items[0],
    );
    expect(bounced.reason).toContain('550');
  });

  it('newsletter: subscribe signed in or with an address, unsubscribe by token without signing in, follow identity consent', async () => {
    const anon = await http<{ email: string; subscribed: boolean }>(
      service.url,
      'POST',
      '/api/newsletter/subscribe',
      { body: { email: 'Reader@Example.com' } },
    );
    expect(anon.status).toBe(200);
    expect(anon.body).toEqual({ email: 'reader@example.com', subscribed: true });
    expect((await http(service.url, 'POST', '/api/newsletter/subscribe', { body: {} })).body).toMatchObject({
      code: 'newsletterEmailRequired',
    });

    const row = await service.ctx.db
      .selectFrom('newsletter_subscriptions')
      .selectAll()
      .where('email', '=', 'reader@example.com')
      .executeTakeFirstOrThrow();
    const out = await http(service.url, 'GET', `/api/newsletter/unsubscribe/${row.unsubscribe_token}`);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ email: 'reader@example.com', subscribed: false });
    expect(
      (await http(service.url, 'POST', `/api/newsletter/unsubscribe/${row.unsubscribe_token}`)).status,
    ).toBe(200);
    expect((await http(service.url, 'GET', '/api/newsletter/unsubscribe/no-such-token')).status).toBe(404);

    // Registration with consent subscribes; identity's consent change unsubscribes.
    const u = await user({ newsletterConsent: true });
    const token = keys.sign({ sub: u.userId, email: u.email });
    const status = () =>
      http<{ subscribed: boolean }>(service.url, 'GET', '/api/newsletter/subscription', { token });
    await waitFor(async () => (await status()).body.subscribed === true);
    const { NewsletterConsentChangedV1 } = await import('@gleba/contracts');
    await publishTestEvent(messaging.exchange, NewsletterConsentChangedV1, {
      userId: u.userId,
      email: u.email,
      language: 'pl',
      consent: false,
    });
    await waitFor(async () => (await status()).body.subscribed === false);
    const again = await http(service.url, 'POST', '/api/newsletter/subscribe', { token, body: {} });
    expect(again.body).toEqual({ email: u.email, subscribed: true });
  });

  it('newsletter mail carries List-Unsubscribe with one-click POST (RFC 8058) and its own link', async () => {
    const email = 'listener@example.com';
    await http(service.url, 'POST', '/api/newsletter/subscribe', { body: { email, language: 'uk' } });
    const mail = await waitFor(() => smtp.to(email)[0], { message: 'welcome e-mail' });
    const row = await service.ctx.db
      .selectFrom('newsletter_subscriptions')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const url = `https://app.gleba.test/api/newsletter/unsubscribe/${row.unsubscribe_token}?lang=uk`;
    expect(mail.subject).toBe('Ви підписалися на розсилку Gleba');
    const header = (name: string) =>
      mail.headerLines.find((h) => h.key === name)?.line.replace(/\r?\n\s*/g, ' ');
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(header('list-unsubscribe')).toBe(`List-Unsubscribe: <${url}>`);
    expect(mail.html).toContain(`href="${url.replace('?', '?').replace(/&/g, '&amp;')}"`);
    expect(mail.text).toContain(`Відписатися від розсилки: ${url}`);
    expect(mail.text).not.toContain('/my-account');

    // A browser opening the link sees a button; nothing changes until it is pressed.
    const path = `/api/newsletter/unsubscribe/${row.unsubscribe_token}?lang=uk`;
    const page = await fetch(`${service.url}${path}`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toContain('text/html');
    const body = await page.text();
    expect(body).toContain('<form method="post"');
    expect(body).toContain('Відписатися від розсилки');
    const subscribed = () =>
      service.ctx.db
        .selectFrom('newsletter_subscriptions')
        .select('subscribed')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
    expect((await subscribed()).subscribed).toBe(true);
    // The one-click POST a mail client sends.
    const oneClick = await fetch(`${service.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('Ви відписалися від розсилки.');
    expect((await subscribed()).subscribed).toBe(false);
    // Subscribing again sends one welcome again; staying subscribed sends none.
    await http(service.url, 'POST', '/api/newsletter/subscribe', { body: { email } });
    await http(service.url, 'POST', '/api/newsletter/subscribe', { body: { email } });
    await waitFor(() => smtp.to(email).length === 2);
    await sleep(500);
    expect(smtp.to(email)).toHaveLength(2);
  });
});
