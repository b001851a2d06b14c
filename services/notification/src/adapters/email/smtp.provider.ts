import nodemailer, { type Transporter } from 'nodemailer';
import { ProviderError, type EmailMessage, type EmailProvider, type SendResult } from '../types';

/** E-mail over SMTP with nodemailer (`SMTP_URL`, e.g. `smtp://user:pass@host:587`). */
export class SmtpEmailProvider implements EmailProvider {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(options: { url: string; from: string; timeoutMs: number; maxConnections?: number }) {
    // nodemailer takes a URL's options from its query only (an options object beside a URL is
    // ignored), so the settings go there; the URL's own query wins. Pooled: connections are kept
    // and reused (an SMTP handshake per message cost more than the message).
    const url = new URL(options.url);
    const settings = {
      pool: 'true',
      maxConnections: String(options.maxConnections ?? 5),
      connectionTimeout: String(options.timeoutMs),
      greetingTimeout: String(options.timeoutMs),
      socketTimeout: String(options.timeoutMs),
    };
    for (const [key, value] of Object.entries(settings))
      if (!url.searchParams.has(key)) url.searchParams.set(key, value);
    this.transport = nodemailer.createTransport(url.toString(), { from: options.from });
  }

  private closed = false;

  async send(message: EmailMessage): Promise<SendResult> {
    // A closed pool drops a message without ever calling back: refuse it here instead (retried later).
    if (this.closed) throw new ProviderError('SMTP transport closed', false);
    try {
      const info = await this.transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { ...message.headers, 'Content-Language': message.language },
      });
      if (info.rejected.length > 0) throw new ProviderError(`rejected: ${info.response}`, true);
      return { externalId: info.messageId, sentAt: new Date() };
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      const e = error as { responseCode?: number; message?: string; response?: string };
      // 5xx answers reject the message itself; connection problems and 4xx are worth a retry.
      const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500;
      throw new ProviderError(
        `SMTP ${e.responseCode ?? ''} ${e.response ?? e.message ?? String(error)}`.trim(),
        permanent,
      );
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.transport.close();
  }
}
