import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import type { TRegisterBody } from '@gleba/contracts';
import { dropTestDatabases, http, startTestService, testMessagingNames, waitFor } from '@gleba/testkit';
// The services side by side: only system tests may import several services.
import { identityService } from '../../../services/identity/src/service';
import { notificationService } from '../../../services/notification/src/service';

async function startSmtpSink() {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    mails,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

describe('an event travels from identity to notification through outbox, broker and inbox', () => {
  const messaging = testMessagingNames('system');
  let identity: { url: string; cleanup: () => Promise<void> };
  let notification: { url: string; cleanup: () => Promise<void> };
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  beforeAll(async () => {
    smtp = await startSmtpSink();
    identity = await startTestService(identityService, {
      messaging,
      config: { BCRYPT_COST: 10, CUSTOMER_APP_URL: 'http://app.test' },
    });
    notification = await startTestService(notificationService, {
      messaging,
      config: {
        SMTP_URL: smtp.url,
        CUSTOMER_APP_URL: 'http://app.test',
        JWKS_URL: `${identity.url}/.well-known/jwks.json`,
      },
    });
  });

  afterAll(async () => {
    await notification?.cleanup();
    await identity?.cleanup();
    await smtp?.close();
    await dropTestDatabases();
  });

  it('registration at identity sends the activation e-mail from notification, in the user language', async () => {
    const email = `farmer.${Date.now()}@example.com`;
    const registered = await http(identity.url, 'POST', '/api/auth/register', {
      body: {
        firstName: 'Jan',
        lastName: 'Kowalski',
        email,
        phoneNumber: '600 100 200',
        genderType: 'MAN',
        password: 'Gleba123!x',
        confirmPassword: 'Gleba123!x',
        termsAccepted: true,
        privacyPolicyAccepted: true,
        newsletterConsent: false,
        language: 'en',
      } satisfies TRegisterBody,
    });
    expect(registered.status, JSON.stringify(registered.body)).toBeLessThan(300);

    const mail = await waitFor(() => smtp.mails.find((m) => m.to && JSON.stringify(m.to).includes(email)), {
      timeoutMs: 30_000,
      message: 'activation e-mail',
    });
    const link = /http:\/\/app\.test\/activate\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    expect(link, mail.text).toBeTruthy();
    expect(mail.subject ?? '').toMatch(/activ/i); // English, as the user chose

    const activated = await http<{ accessToken: string; refreshToken: string }>(
      identity.url,
      'GET',
      `/api/auth/activate/${link}`,
    );
    expect(activated.status).toBe(200);
    expect(activated.body.accessToken).toBeTruthy();

    // Notification verifies identity's token itself, with identity's published keys.
    const count = await http<{ unseenCount: number }>(
      notification.url,
      'GET',
      '/api/notifications/in-app/unseen/count',
      { token: activated.body.accessToken },
    );
    expect(count.status).toBe(200);
    expect(count.body.unseenCount).toBe(0);
  });
});
