import { ProviderError, type SendResult, type SmsMessage, type SmsProvider } from '../types';

export interface TwilioOptions {
  apiUrl: string;
  accountSid: string;
  authToken: string;
  from?: string;
  messagingServiceSid?: string;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}

/**
 * Twilio's Messages API: `POST {api}/2010-04-01/Accounts/{sid}/Messages.json`, HTTP Basic
 * (account SID and auth token), form body To, From (or MessagingServiceSid), Body.
 */
export class TwilioSmsProvider implements SmsProvider {
  readonly name = 'twilio';
  constructor(private readonly options: TwilioOptions) {}

  async send(message: SmsMessage): Promise<SendResult> {
    const o = this.options;
    const form = new URLSearchParams({ To: message.to, Body: message.body });
    if (o.messagingServiceSid) form.set('MessagingServiceSid', o.messagingServiceSid);
    else if (o.from) form.set('From', o.from);
    const url = `${o.apiUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(o.accountSid)}/Messages.json`;
    let res: Response;
    try {
      res = await (o.fetchImpl ?? fetch)(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${o.accountSid}:${o.authToken}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(o.timeoutMs),
      });
    } catch (error) {
      throw new ProviderError(`Twilio unreachable: ${(error as Error).message}`, false);
    }
    const body = (await res.json().catch(() => ({}))) as {
      sid?: string;
      code?: number;
      message?: string;
      date_created?: string;
    };
    if (!res.ok || !body.sid) {
      const reason = `Twilio ${res.status}${body.code ? ` (${body.code})` : ''}: ${body.message ?? res.statusText}`;
      // 4xx (a bad number, a blocked recipient) will fail again; 429 and 5xx may pass later.
      throw new ProviderError(reason, res.status >= 400 && res.status < 500 && res.status !== 429);
    }
    const sentAt = body.date_created ? new Date(body.date_created) : new Date();
    return { externalId: body.sid, sentAt: Number.isNaN(sentAt.getTime()) ? new Date() : sentAt };
  }
}
