import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { ProviderError, type SendResult, type SmsMessage, type SmsProvider } from '../types';

export interface TwilioOptions {
  /** Where Twilio's REST API answers: `https://api.twilio.com`, or the local simulator. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from?: string;
  messagingServiceSid?: string;
  timeoutMs: number;
}

const TWILIO_API = 'https://api.twilio.com';

/**
 * The official library's HTTP client with its base address taken from configuration: requests for
 * `https://api.twilio.com/...` go to `apiUrl` (the simulator in development and tests), everything
 * else (auth, form encoding, errors) stays the library's.
 */
export class ConfiguredRequestClient extends twilio.RequestClient {
  constructor(
    private readonly apiUrl: string,
    timeoutMs: number,
  ) {
    super({ timeout: timeoutMs, keepAlive: true });
  }

  override request<TData>(opts: RequestClient.RequestOptions<TData>) {
    const base = this.apiUrl.replace(/\/$/, '');
    const uri = base === TWILIO_API ? opts.uri : opts.uri.replace(/^https:\/\/api\.twilio\.com/, base);
    return super.request<TData>({ ...opts, uri });
  }
}

/** SMS through the `twilio` package's Messages API (`client.messages.create`). */
export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio';
  private readonly client: twilio.Twilio;

  constructor(private readonly options: TwilioOptions) {
    this.client = twilio(options.accountSid, options.authToken, {
      httpClient: new ConfiguredRequestClient(options.apiUrl, options.timeoutMs),
      autoRetry: false,
    });
  }

  async send(message: SmsMessage): Promise<SendResult> {
    const o = this.options;
    let sent: { sid: string; dateCreated: Date | null };
    try {
      sent = await this.client.messages.create({
        to: message.to,
        body: message.body,
        ...(o.messagingServiceSid ? { messagingServiceSid: o.messagingServiceSid } : { from: o.from }),
      });
    } catch (error) {
      if (error instanceof twilio.RestException) {
        const reason = `Twilio ${error.status}${error.code ? ` (${error.code})` : ''}: ${error.message}`;
        // 4xx (a bad number, a blocked recipient) will fail again; 429 and 5xx may pass later.
        throw new ProviderError(reason, error.status >= 400 && error.status < 500 && error.status !== 429);
      }
      throw new ProviderError(`Twilio unreachable: ${(error as Error).message}`, false);
    }
    const sentAt = sent.dateCreated ?? new Date();
    return { externalId: sent.sid, sentAt: Number.isNaN(sentAt.getTime()) ? new Date() : sentAt };
  }
}
