import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { SmtpEmailProvider } from './email/smtp.provider';
import { LogSmsProvider } from './sms/log.provider';
import { TwilioSmsProvider } from './sms/twilio.provider';
import type { EmailProvider, SmsProvider } from './types';

export * from './types';

export interface Providers {
  email: EmailProvider;
  sms: SmsProvider;
}

/** Picks the providers from config: SMTP always; Twilio when its credentials are set, else the log. */
export function createProviders(config: Config, db: Kysely<Database>): Providers {
  const email = new SmtpEmailProvider({
    url: config.SMTP_URL,
    from: config.MAIL_FROM,
    timeoutMs: config.PROVIDER_TIMEOUT_MS,
    maxConnections: config.DELIVERY_CONCURRENCY,
  });
  const twilioReady =
    config.TWILIO_ACCOUNT_SID &&
    config.TWILIO_AUTH_TOKEN &&
    (config.TWILIO_FROM || config.TWILIO_MESSAGING_SERVICE_SID);
  const sms: SmsProvider = twilioReady
    ? new TwilioSmsProvider({
        apiUrl: config.TWILIO_API_URL,
        accountSid: config.TWILIO_ACCOUNT_SID!,
        authToken: config.TWILIO_AUTH_TOKEN!,
        from: config.TWILIO_FROM,
        messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID,
        timeoutMs: config.PROVIDER_TIMEOUT_MS,
      })
    : new LogSmsProvider(db, config.SMS_LOG_FROM);
  return { email, sms };
}
