import { createHash, randomInt, randomUUID } from 'node:crypto';
import express from 'express';
import { listen, type SimulatorHandle } from '../simulator';

/**
 * Przelewy24 REST v1 simulator: register a transaction, a payment page at /trnRequest/{token}
 * (pay or fail), the signed notification to the shop's urlStatus, and the mandatory verify.
 * Same wire format as the real service (amounts in grosze, sha384 signs over JSON in the
 * documented key order, HTTP Basic posId:apiKey), state in memory.
 */
export interface Przelewy24SimulatorOptions {
  port?: number;
  merchantId?: number;
  posId?: number;
  apiKey?: string;
  crc?: string;
  /** Send notifications here instead of the transaction's urlStatus (a URL, or a function read at send time). */
  notifyOverride?: string | (() => string);
}

export interface SimulatedTransaction {
  token: string;
  sessionId: string;
  amount: number;
  currency: string;
  description: string;
  email: string;
  urlReturn: string;
  urlStatus: string;
  orderId: number;
  /** FAILED: the customer pressed "Odrzuć płatność" (the bank refused it). */
  status: 'REGISTERED' | 'PAID' | 'FAILED' | 'VERIFIED';
  notifications: number;
  registeredAt: number;
  /** Przelewy24's `timeLimit` in minutes (0: none): the payment page refuses to pay after it. */
  timeLimit: number;
}

export interface Przelewy24SimulatorHandle extends SimulatorHandle {
  transactions: Map<string, SimulatedTransaction>;
  /** Pays a transaction as the customer would (the notification is sent before this resolves). */
  pay(token: string): Promise<{ notifyStatus: number }>;
  /** Refuses a transaction as the customer's bank would ("Odrzuć płatność"); no notification. */
  reject(token: string): void;
  /** Sends the notification of a paid transaction again (P24 retries until it gets a 200). */
  resendNotification(token: string): Promise<{ notifyStatus: number }>;
  /** A correctly signed notification body for a transaction (tests alter it to forge one). */
  notificationFor(token: string): Record<string, string | number>;
}

const sha384 = (o: Record<string, string | number>) =>
  createHash('sha384').update(JSON.stringify(o)).digest('hex');

export async function startPrzelewy24Simulator(
  options: Przelewy24SimulatorOptions = {},
): Promise<Przelewy24SimulatorHandle> {
  const merchantId = options.merchantId ?? 100000;
  const posId = options.posId ?? 100000;
  const apiKey = options.apiKey ?? 'simulator-api-key';
  const crc = options.crc ?? 'simulator-crc';
  const transactions = new Map<string, SimulatedTransaction>();
  const bySession = new Map<string, SimulatedTransaction>();

  const app = express();
  app.use(express.json());
  app.use(express.urlencoded({ extended: false }));

  const authorized = (header: string | undefined) =>
    header === `Basic ${Buffer.from(`${posId}:${apiKey}`).toString('base64')}`;
  const fail = (res: express.Response, status: number, error: string) =>
    res.status(status).json({ error, code: status });

  app.get('/api/v1/testAccess', (req, res) => {
    if (!authorized(req.header('authorization'))) return fail(res, 401, 'Incorrect authentication');
    res.json({ data: true, error: '' });
  });

  app.post('/api/v1/transaction/register', (req, res) => {
    if (!authorized(req.header('authorization'))) return fail(res, 401, 'Incorrect authentication');
    const b = req.body as Record<string, unknown>;
    const required = [
      'merchantId',
      'posId',
      'sessionId',
      'amount',
      'currency',
      'description',
      'email',
      'country',
      'language',
      'urlReturn',
      'sign',
    ];
    const missing = required.filter((k) => b[k] === undefined || b[k] === '');
    if (missing.length) return fail(res, 400, `Invalid input data: ${missing.join(', ')}`);
    if (b.merchantId !== merchantId || b.posId !== posId)
      return fail(res, 400, 'Invalid merchantId or posId');
    if (!Number.isInteger(b.amount) || (b.amount as number) <= 0) return fail(res, 400, 'Invalid amount');
    const sign = sha384({
      sessionId: String(b.sessionId),
      merchantId,
      amount: b.amount as number,
      currency: String(b.currency),
      crc,
    });
    if (b.sign !== sign) return fail(res, 400, 'Incorrect CRC value');
    if (bySession.has(String(b.sessionId))) return fail(res, 409, 'Transaction already registered');
    const t: SimulatedTransaction = {
      token: randomUUID().toUpperCase(),
      sessionId: String(b.sessionId),
      amount: b.amount as number,
      currency: String(b.currency),
      description: String(b.description),
      email: String(b.email),
      urlReturn: String(b.urlReturn),
      urlStatus: String(b.urlStatus ?? ''),
      orderId: randomInt(100_000_000, 999_999_999),
      status: 'REGISTERED',
      notifications: 0,
      registeredAt: Date.now(),
      timeLimit: Number.isInteger(b.timeLimit) ? (b.timeLimit as number) : 15,
    };
    transactions.set(t.token, t);
    bySession.set(t.sessionId, t);
    res.json({ data: { token: t.token }, responseCode: 0 });
  });

  // How a transaction stands, as Przelewy24 answers it: status 0 no payment, 1 advance payment,
  // 2 payment made, 3 returned. `rejected: true` is this simulator's own addition: Przelewy24
  // itself reports a refused payment as "no payment".
  app.get('/api/v1/transaction/by/sessionId/:sessionId', (req, res) => {
    if (!authorized(req.header('authorization'))) return fail(res, 401, 'Incorrect authentication');
    const t = bySession.get(req.params.sessionId);
    if (!t) return fail(res, 404, 'Transaction does not exist');
    const paid = t.status === 'PAID' || t.status === 'VERIFIED';
    res.json({
      data: {
        statement: `p24-${t.orderId}`,
        orderId: t.orderId,
        sessionId: t.sessionId,
        status: paid ? 2 : 0,
        amount: t.amount,
        currency: t.currency,
        date: new Date(t.registeredAt).toISOString(),
        dateOfTransaction: paid ? new Date().toISOString() : '',
        clientEmail: t.email,
        description: t.description,
        ...(t.status === 'FAILED' ? { rejected: true } : {}),
      },
      responseCode: 0,
    });
  });

  app.put('/api/v1/transaction/verify', (req, res) => {
    if (!authorized(req.header('authorization'))) return fail(res, 401, 'Incorrect authentication');
    const b = req.body as Record<string, unknown>;
    const t = bySession.get(String(b.sessionId));
    if (!t) return fail(res, 400, 'Transaction not found');
    const sign = sha384({
      sessionId: t.sessionId,
      orderId: b.orderId as number,
      amount: b.amount as number,
      currency: String(b.currency),
      crc,
    });
    if (b.sign !== sign) return fail(res, 400, 'Incorrect CRC value');
    if (b.orderId !== t.orderId || b.amount !== t.amount || b.currency !== t.currency)
      return fail(res, 400, 'Transaction data mismatch');
    if (t.status !== 'PAID' && t.status !== 'VERIFIED') return fail(res, 400, 'Transaction not paid');
    t.status = 'VERIFIED';
    res.json({ data: { status: 'success' }, responseCode: 0 });
  });

  function notificationFor(token: string): Record<string, string | number> {
    const t = transactions.get(token);
    if (!t) throw new Error(`no transaction ${token}`);
    const body = {
      merchantId,
      posId,
      sessionId: t.sessionId,
      amount: t.amount,
      originAmount: t.amount,
      currency: t.currency,
      orderId: t.orderId,
      methodId: 25,
      statement: `p24-${t.orderId}`,
    };
    return { ...body, sign: sha384({ ...body, crc }) };
  }

  async function notify(t: SimulatedTransaction): Promise<number> {
    const override =
      typeof options.notifyOverride === 'function' ? options.notifyOverride() : options.notifyOverride;
    const url = override || t.urlStatus;
    if (!url) return 0;
    t.notifications += 1;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(notificationFor(t.token)),
      });
      await res.text();
      return res.status;
    } catch {
      return 0;
    }
  }

  async function pay(token: string) {
    const t = transactions.get(token);
    if (!t) throw new Error(`no transaction ${token}`);
    if (t.status === 'REGISTERED') t.status = 'PAID';
    return { notifyStatus: await notify(t) };
  }

  function reject(token: string) {
    const t = transactions.get(token);
    if (!t) throw new Error(`no transaction ${token}`);
    if (t.status === 'REGISTERED') t.status = 'FAILED';
  }

  const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  app.get('/trnRequest/:token', (req, res) => {
    const t = transactions.get(req.params.token);
    if (!t) return res.status(404).type('html').send('<h1>Transakcja nie istnieje</h1>');
    res.type('html')
      .send(`<!doctype html><html lang="pl"><head><meta charset="utf-8"><title>Przelewy24 (symulator)</title></head>
<body style="font-family:sans-serif;max-width:30rem;margin:3rem auto">
<h1>Przelewy24 (symulator)</h1>
<p>${escape(t.description)}</p><p><strong>${(t.amount / 100).toFixed(2)} ${escape(t.currency)}</strong></p>
<p>Status: ${t.status}</p>
<form method="post" action="/trnRequest/${t.token}/pay"><button type="submit">Zapłać</button></form>
<form method="post" action="/trnRequest/${t.token}/fail"><button type="submit">Odrzuć płatność</button></form>
</body></html>`);
  });
  const expired = (t: SimulatedTransaction) =>
    t.status === 'REGISTERED' && t.timeLimit > 0 && Date.now() > t.registeredAt + t.timeLimit * 60_000;
  app.post('/trnRequest/:token/pay', async (req, res) => {
    const t = transactions.get(req.params.token);
    if (!t) return res.status(404).send('not found');
    if (expired(t)) return res.status(410).type('html').send('<h1>Transakcja wygasła</h1>');
    await pay(t.token);
    res.redirect(303, t.urlReturn);
  });
  app.post('/trnRequest/:token/fail', (req, res) => {
    const t = transactions.get(req.params.token);
    if (!t) return res.status(404).send('not found');
    reject(t.token);
    res.redirect(303, t.urlReturn);
  });

  const handle = await listen(app, options.port ?? 0);
  return {
    ...handle,
    transactions,
    pay,
    reject,
    resendNotification: async (token) => {
      const t = transactions.get(token);
      if (!t) throw new Error(`no transaction ${token}`);
      return { notifyStatus: await notify(t) };
    },
    notificationFor,
  };
}
