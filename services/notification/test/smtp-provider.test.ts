import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpEmailProvider } from '../src/adapters/email/smtp.provider';
import { ProviderError } from '../src/adapters/types';
import { startSmtpSink, type SmtpSink } from './support';

const message = (to: string) => ({
  to,
  language: 'pl' as const,
  subject: 'Temat',
  text: 'Treść',
  html: '<p>Treść</p>',
});

/** Settles within `ms`, or rejects saying it hung (a send nodemailer never calls back). */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`still pending after ${ms} ms`)), ms)),
  ]);
}

describe('SMTP e-mail provider', () => {
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it('never leaves a send hanging when closed: one queued at the close or asked for after it fails at once, as retryable', async () => {
    const provider = new SmtpEmailProvider({
      url: smtp.url,
      from: 'Gleba <noreply@gleba.local>',
      timeoutMs: 5000,
    });
    await expect(provider.send(message('first@example.com'))).resolves.toMatchObject({
      externalId: expect.any(String),
    });
    expect(smtp.to('first@example.com')).toHaveLength(1);

    const queued = within(provider.send(message('queued@example.com')), 2000);
    await provider.close();
    await expect(queued).rejects.toMatchObject({ name: 'ProviderError', permanent: false });

    // nodemailer's closed pool drops a message without calling back; the provider must not hang on it.
    const late = within(provider.send(message('late@example.com')), 2000);
    await expect(late).rejects.toBeInstanceOf(ProviderError);
    await expect(late).rejects.toMatchObject({ permanent: false });
    expect(smtp.to('queued@example.com')).toHaveLength(0);
    expect(smtp.to('late@example.com')).toHaveLength(0);
  });
});
