import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { ZBaseConfig } from '@gleba/platform';
import { OrderStatusChangedV1, UserRegisteredV1, type EventData, type Language } from '@gleba/contracts';
import { publishTestEvent } from '@gleba/testkit';
import { ZConfig, type Config } from '../src/config';

/** An in-process SMTP server that parses what it receives (tests read mails from `mails`). */
export async function startSmtpSink(options: { rejectRecipient?: (to: string) => boolean } = {}) {
  const mails: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.rejectRecipient?.(address.address)) {
        const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          mails.push(mail);
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (email: string) => mails.filter((m) => addresses(m).includes(email.toLowerCase())),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

function addresses(mail: ParsedMail): string[] {
  const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
  return to.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

/** The service's own settings with their defaults, overridden (startTestService does not parse them). */
export function serviceConfig(overrides: Record<string, string | number>): Partial<Config> {
  const parsed = ZConfig.parse({
    SERVICE_NAME: 'notification',
    DATABASE_URL: 'postgres://unused/unused',
    ...overrides,
  });
  const own: Record<string, unknown> = { ...parsed };
  for (const key of Object.keys(ZBaseConfig.shape)) delete own[key];
  return own as Partial<Config>;
}

export interface TestUser {
  userId: string;
  email: string;
  phone: string | null;
  language: Language;
}

export async function registerUser(
  exchange: string,
  options: {
    language?: Language;
    phone?: string | null;
    userId?: string;
    newsletterConsent?: boolean;
    firstName?: string;
    email?: string;
  } = {},
): Promise<TestUser> {
  const userId = options.userId ?? randomUUID();
  const email = options.email ?? `u-${userId.slice(0, 8)}@example.com`;
  const language = options.language ?? 'pl';
  const phone = options.phone === undefined ? '600 100 200' : options.phone;
  await publishTestEvent(exchange, UserRegisteredV1, {
    userId,
    email,
    firstName: options.firstName ?? 'Anna',
    lastName: 'Nowak',
    phoneNumber: phone,
    language,
    publicUserId: `P-${userId.slice(0, 6)}`,
    gender: null,
    role: 'USER',
    newsletterConsent: options.newsletterConsent ?? false,
    registeredAt: new Date().toISOString(),
  });
  return { userId, email, phone, language };
}

export function statusChange(
  userId: string,
  to: EventData<typeof OrderStatusChangedV1>['to'],
  options: { orderId?: string; kind?: 'FARM' | 'GARDEN'; barcode?: string | null } = {},
): EventData<typeof OrderStatusChangedV1> {
  return {
    orderId: options.orderId ?? randomUUID(),
    orderNumber: 'ZAM/2026/0042',
    userId,
    kind: options.kind ?? 'GARDEN',
    from: null,
    to,
    changedByUserId: null,
    changedAt: new Date().toISOString(),
    barcode: options.barcode === undefined ? 'GB1234567890' : options.barcode,
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
