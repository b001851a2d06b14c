import { createHash, timingSafeEqual } from 'node:crypto';
import type { TP24Notification } from '@gleba/contracts';

/**
 * Thin Przelewy24 REST v1 client. Amounts in grosze. Every `sign` is sha384 (hex) of a JSON
 * object whose keys must be in exactly the order Przelewy24 documents; JSON.stringify keeps
 * insertion order and (like PHP's JSON_UNESCAPED_SLASHES|UNESCAPED_UNICODE) does not escape
 * slashes or non-ASCII characters.
 */
export interface P24Settings {
  baseUrl: string;
  merchantId: number;
  posId: number;
  apiKey: string;
  crc: string;
  timeoutMs: number;
}

export interface P24RegisterInput {
  sessionId: string;
  amount: number;
  description: string;
  email: string;
  language: 'pl' | 'en' | 'uk';
  urlReturn: string;
  urlStatus: string;
  /** Minutes the customer has to pay (Przelewy24's `timeLimit`, 1..99). */
  timeLimit: number;
}

/**
 * What Przelewy24 says about a transaction (`GET /transaction/by/sessionId`): PAID (status 1 or 2,
 * with its orderId for the verify), RETURNED (3), NOT_PAID (0), REJECTED (only the simulator says
 * this, with `rejected: true`; Przelewy24 reports a refused payment as not paid), UNKNOWN (no such
 * transaction, or no answer).
 */
export type P24TransactionState =
  | { state: 'PAID'; orderId: number; amount: number; currency: string }
  | { state: 'NOT_PAID' | 'REJECTED' | 'RETURNED' | 'UNKNOWN' };

export class P24Error extends Error {
  constructor(
    message: string,
    readonly type: 'REGISTER_FAILED' | 'VERIFY_FAILED' | 'UNREACHABLE',
  ) {
    super(message);
    this.name = 'P24Error';
  }
}

export function p24Sign(fields: Record<string, string | number>): string {
  return createHash('sha384').update(JSON.stringify(fields)).digest('hex');
}

export function registerSign(s: {
  sessionId: string;
  merchantId: number;
  amount: number;
  currency: string;
  crc: string;
}): string {
  return p24Sign({
    sessionId: s.sessionId,
    merchantId: s.merchantId,
    amount: s.amount,
    currency: s.currency,
    crc: s.crc,
  });
}

export function notificationSign(n: Omit<TP24Notification, 'sign'>, crc: string): string {
  return p24Sign({
    merchantId: n.merchantId,
    posId: n.posId,
    sessionId: n.sessionId,
    amount: n.amount,
    originAmount: n.originAmount,
    currency: n.currency,
    orderId: n.orderId,
    methodId: n.methodId,
    statement: n.statement,
    crc,
  });
}

export function verifySign(s: {
  sessionId: string;
  orderId: number;
  amount: number;
  currency: string;
  crc: string;
}): string {
  return p24Sign({
    sessionId: s.sessionId,
    orderId: s.orderId,
    amount: s.amount,
    currency: s.currency,
    crc: s.crc,
  });
}

export class P24Client {
  constructor(private readonly settings: P24Settings) {}

  private async call(
    method: 'POST' | 'PUT',
    path: string,
    body: object,
    type: P24Error['type'],
  ): Promise<unknown> {
    return this.request(method, path, body, type);
  }

  private async request(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    body: object | undefined,
    type: P24Error['type'],
  ): Promise<unknown> {
    const auth = Buffer.from(`${this.settings.posId}:${this.settings.apiKey}`).toString('base64');
    let res: Response;
    try {
      res = await fetch(`${this.settings.baseUrl}/api/v1${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Basic ${auth}` },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      throw new P24Error(`Przelewy24 unreachable: ${(error as Error).message}`, 'UNREACHABLE');
    }
    const text = await res.text();
    let json: { data?: unknown; error?: unknown; responseCode?: number } = {};
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    if (!res.ok || (json.responseCode !== undefined && json.responseCode !== 0)) {
      throw new P24Error(
        `Przelewy24 ${path} answered ${res.status}: ${String(json.error ?? text).slice(0, 300)}`,
        type,
      );
    }
    return json.data;
  }

  /** Registers a transaction; the customer pays at the returned URL. */
  async register(input: P24RegisterInput): Promise<{ token: string; redirectUrl: string }> {
    const { merchantId, posId, crc } = this.settings;
    const currency = 'PLN';
    const data = (await this.call(
      'POST',
      '/transaction/register',
      {
        merchantId,
        posId,
        sessionId: input.sessionId,
        amount: input.amount,
        currency,
        description: input.description,
        email: input.email,
        country: 'PL',
        language: input.language === 'uk' ? 'en' : input.language,
        urlReturn: input.urlReturn,
        urlStatus: input.urlStatus,
        timeLimit: input.timeLimit,
        sign: registerSign({ sessionId: input.sessionId, merchantId, amount: input.amount, currency, crc }),
      },
      'REGISTER_FAILED',
    )) as { token?: string } | undefined;
    if (!data?.token) throw new P24Error('Przelewy24 returned no token', 'REGISTER_FAILED');
    return { token: data.token, redirectUrl: `${this.settings.baseUrl}/trnRequest/${data.token}` };
  }

  /** Asks Przelewy24 how a transaction stands (the return page and the expiry sweep). */
  async transactionState(sessionId: string): Promise<P24TransactionState> {
    let data: Record<string, unknown> | undefined;
    try {
      data = (await this.request(
        'GET',
        `/transaction/by/sessionId/${encodeURIComponent(sessionId)}`,
        undefined,
        'UNREACHABLE',
      )) as Record<string, unknown> | undefined;
    } catch {
      return { state: 'UNKNOWN' };
    }
    if (!data) return { state: 'UNKNOWN' };
    const status = Number(data.status);
    if ((status === 1 || status === 2) && typeof data.orderId === 'number')
      return {
        state: 'PAID',
        orderId: data.orderId,
        amount: Number(data.amount),
        currency: String(data.currency ?? 'PLN'),
      };
    if (status === 3) return { state: 'RETURNED' };
    if (status === 0) return { state: data.rejected === true ? 'REJECTED' : 'NOT_PAID' };
    return { state: 'UNKNOWN' };
  }

  /** True when the notification was signed with our CRC and names our merchant and shop. */
  checkNotification(n: TP24Notification): boolean {
    if (n.merchantId !== this.settings.merchantId || n.posId !== this.settings.posId) return false;
    const expected = Buffer.from(notificationSign(n, this.settings.crc));
    const given = Buffer.from(n.sign);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** Mandatory: a payment is settled only after Przelewy24 confirms this verification. */
  async verify(v: { sessionId: string; orderId: number; amount: number }): Promise<void> {
    const { merchantId, posId, crc } = this.settings;
    const currency = 'PLN';
    await this.call(
      'PUT',
      '/transaction/verify',
      {
        merchantId,
        posId,
        sessionId: v.sessionId,
        amount: v.amount,
        currency,
        orderId: v.orderId,
        sign: verifySign({ ...v, currency, crc }),
      },
      'VERIFY_FAILED',
    );
  }
}
