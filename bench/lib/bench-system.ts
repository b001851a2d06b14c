// A whole system for the system-level benches (mixed load, replicas), started with the runner
// `npm start` uses, in a layout of its own, plus the customer and order set-up they need through
// the real APIs (registration, activation from the captured e-mail, complete data, a farm order).
import path from 'node:path';
import { startSystem, type RunningSystem } from '../../scripts/lib/run-system.mjs';
import { systemLayout } from '../../scripts/system.mjs';

export async function startBenchSystem(
  name: string,
  offset: number,
  replicas?: Record<string, number>,
): Promise<RunningSystem> {
  const started = Date.now();
  const system = await startSystem({
    layout: systemLayout({ name, offset }),
    fresh: true,
    replicas,
    logsDir: path.resolve(import.meta.dirname, '..', 'out', `${name}-logs`),
    // A load test is one client machine: the per-IP and per-account limits would answer 429.
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_IP: '100000000', RATE_LIMIT_ACCOUNT: '100000000' },
    say: (line) => console.log(`[system] ${line}`),
    onError: (proc, line) => console.error(`[${proc}] ${line}`),
  });
  console.log(`[system] up in ${((Date.now() - started) / 1000).toFixed(1)} s at ${system.urls.gateway}`);
  return system;
}

export class Client {
  constructor(readonly base: string) {}

  async call<T = unknown>(
    pathname: string,
    options: { method?: string; token?: string; body?: unknown } = {},
  ): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.base}${pathname}`, {
      method: options.method ?? (options.body !== undefined ? 'POST' : 'GET'),
      headers,
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: body as T };
  }

  async must<T = unknown>(
    what: string,
    pathname: string,
    options: { method?: string; token?: string; body?: unknown } = {},
    ok = (s: number) => s < 300,
  ): Promise<T> {
    const res = await this.call<T>(pathname, options);
    if (!ok(res.status)) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body).slice(0, 400)}`);
    return res.body;
  }
}

export async function until<T>(
  what: string,
  fn: () => Promise<T>,
  done: (v: T) => boolean,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (done(v)) return v;
    if (Date.now() > deadline)
      throw new Error(`${what}: not reached in ${timeoutMs} ms (last ${JSON.stringify(v).slice(0, 300)})`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

export interface BenchCustomer {
  email: string;
  userId: string;
  token: string;
}

/** Registers, activates (link from the mail simulator's inbox) and completes a customer's data. */
export async function newCustomer(
  system: RunningSystem,
  client: Client,
  label: string,
): Promise<BenchCustomer> {
  const email = `${label}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.pl`;
  const password = 'Gleba1234!';
  await client.must('register', '/api/auth/register', {
    body: {
      firstName: 'Anna',
      lastName: 'Polna',
      email,
      phoneNumber: '+48600200300',
      genderType: 'WOMAN',
      password,
      confirmPassword: password,
      termsAccepted: true,
      privacyPolicyAccepted: true,
      language: 'pl',
    },
  });
  const mail = await until(
    `activation e-mail to ${email}`,
    async () =>
      (
        (await (await fetch(`${system.urls.mailWeb}/email`)).json()) as {
          to: { address: string }[];
          html?: string;
          text?: string;
        }[]
      ).find((m) => m.to.some((t) => t.address === email)),
    (m) => m !== undefined,
  );
  const token = /\/activate\/([A-Za-z0-9_-]+)/.exec(`${mail!.html ?? ''} ${mail!.text ?? ''}`)?.[1];
  if (!token) throw new Error(`no activation link for ${email}`);
  const { accessToken } = await client.must<{ accessToken: string }>(
    'activate',
    `/api/auth/activate/${token}`,
  );
  const address = {
    voivodeship: 'LUBLIN',
    cityName: 'Lublin',
    postCode: '20-001',
    streetName: 'Polna',
    buildingNumber: '3',
    apartmentNumber: null,
  };
  await client.must('profile', '/api/users/profile', {
    token: accessToken,
    body: {
      serviceRole: 'PERSONAL',
      personalData: {
        firstName: 'Anna',
        lastName: 'Polna',
        genderType: 'WOMAN',
        phoneNumber: '+48600200300',
        taxNumber: null,
        address,
      },
      businessData: null,
      correspondenceAddress: { addressSource: 'PERSONAL_DATA', address: null },
    },
  });
  const me = await client.must<{ id: string }>('me', '/api/users/me', { token: accessToken });
  return { email, userId: me.id, token: accessToken };
}

/** A farm order of one crop paid by deferred transfer (accepted at once: PAYMENT_CONFIRMED). */
export async function placeFarmOrder(
  client: Client,
  customer: BenchCustomer,
  n: number,
): Promise<{ id: string; orderNumber: string }> {
  const [lng, lat] = [14.2 + (n % 100) * 0.05, 49.1 + Math.floor(n / 100) * 0.05];
  const ring = [
    [lng, lat],
    [lng + 0.003, lat],
    [lng + 0.003, lat + 0.0015],
    [lng, lat + 0.0015],
    [lng, lat],
  ];
  const plot = await client.must<{ id: string }>('plot', '/api/plots', {
    token: customer.token,
    body: { name: `Pole ${n}`, geometry: { type: 'Polygon', coordinates: [ring] } },
  });
  const crop = await client.must<{ id: string }>('crop', '/api/crops', {
    token: customer.token,
    body: {
      plantId: 'winter-wheat',
      cultivationFrom: '2026-09-20',
      cultivationTo: '2027-07-31',
      plotIds: [plot.id],
    },
  });
  const placed = await until(
    'farm order accepted',
    () =>
      client.call<{ order: { id: string; orderNumber: string } }>('/api/orders', {
        token: customer.token,
        body: {
          type: 'STANDARD',
          crops: [{ cropId: crop.id }],
          paymentMethod: 'DEFERRED_BANK_TRANSFER',
          confirmUserData: true,
        },
      }),
    (r) => r.status === 201 || ![404, 409, 422].includes(r.status),
  );
  if (placed.status !== 201) throw new Error(`order: ${placed.status} ${JSON.stringify(placed.body)}`);
  return placed.body.order;
}

export async function adminToken(client: Client): Promise<string> {
  const res = await client.must<{ accessToken: string }>('admin login', '/farm-api/auth/admin/login', {
    body: { email: 'admin@gleba.local', password: 'Admin123!' },
  });
  return res.accessToken;
}

/** Sums a Prometheus counter (all label sets) from a process's /metrics. */
export async function counter(url: string, metric: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  let sum = 0;
  for (const line of text.split('\n')) if (line.startsWith(metric)) sum += Number(line.split(' ').pop());
  return sum;
}
