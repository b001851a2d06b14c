// Erasure of a person's data: kill the service that is erasing half-way; the erasure still completes, once.
// Five services run in-process on the shared PostgreSQL, RabbitMQ and Redis (nothing of those is
// stopped, so no private infrastructure is needed); orders runs as a process of its own from its
// sources, so it can be killed with SIGKILL. The test holds a lock on the customer's order row:
// orders' erasure transaction stops there, half-way (its inbox row and earlier statements written,
// not committed), and is killed. Started again, orders gets the unacknowledged message once more
// and erases; identity closes the account. About 40 s.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueNames, type BaseConfig, type ServiceDefinition } from '@gleba/platform';
import {
  createTestDatabase,
  deleteTestTopology,
  dropTestDatabases,
  http,
  startTestService,
  testEnv,
  testMessagingNames,
  uniqueSuffix,
  waitFor,
  type TestService,
} from '@gleba/testkit';
import { customerWithData, type Customer } from '../../system/src/customer';
import { findText, SERVICE_DEFS } from '../../system/src/six-services';
import { startSmtpSink } from '../../system/src/smtp-sink';
import { freePort } from '../src/infra';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const log = (line: string) => console.log(`[faults:erasure] ${line}`);

/** orders as an OS process (tsx on its sources), on a fixed port so a restart answers at the same URL. */
function ordersProcess(env: Record<string, string>) {
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'services/orders/src/main.ts'], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    await waitFor(
      async () => {
        try {
          return (await fetch(`http://127.0.0.1:${env.PORT}/health/ready`)).ok || undefined;
        } catch {
          return undefined;
        }
      },
      { timeoutMs: 60_000, message: 'orders ready' },
    );
  };
  const kill = async () => {
    const c = child;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGKILL');
    await exited;
  };
  return { start, kill, url: `http://127.0.0.1:${env.PORT}` };
}

describe('faults: orders killed half-way through an erasure', () => {
  const messaging = testMessagingNames('erasure-kill');
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- five services of five database types
  const services: Record<string, TestService<any, BaseConfig>> = {};
  let orders: ReturnType<typeof ordersProcess>;
  let ordersDb: pg.Pool;
  let identityDb: pg.Pool;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  let customer: Customer;
  const uploads = mkdtempSync(path.join(tmpdir(), 'gleba-erasure-kill-'));

  beforeAll(async () => {
    const t0 = Date.now();
    smtp = await startSmtpSink();
    const common = { CUSTOMER_APP_URL: 'http://app.test' };
    services.identity = await startTestService(SERVICE_DEFS.identity, {
      messaging,
      config: { ...common, BCRYPT_COST: 10 },
    });
    const jwks = `${services.identity.url}/.well-known/jwks.json`;
    for (const name of ['geo', 'lab-import', 'shipping', 'notification'] as const)
      services[name] = await startTestService(
        SERVICE_DEFS[name] as unknown as ServiceDefinition<unknown, BaseConfig>,
        {
          messaging,
          config: { ...common, JWKS_URL: jwks, ...(name === 'notification' ? { SMTP_URL: smtp.url } : {}) },
        },
      );
    const ordersUrl = await createTestDatabase('orders');
    orders = ordersProcess({
      SERVICE_NAME: 'orders',
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      DATABASE_URL: ordersUrl,
      DATABASE_POOL_MAX: '5',
      RABBITMQ_URL: testEnv.rabbitmqUrl,
      EVENTS_EXCHANGE: messaging.exchange,
      QUEUE_PREFIX: messaging.queuePrefix,
      REDIS_URL: testEnv.redisUrl,
      REDIS_PREFIX: `t:orders:${uniqueSuffix()}`,
      JWKS_URL: jwks,
      LOG_LEVEL: 'error',
      CONSUMER_RETRY_DELAYS_MS: '100,300',
      OUTBOX_POLL_MS: '200',
      UPLOAD_DIR: uploads,
      ...common,
    });
    await orders.start();
    ordersDb = new pg.Pool({ connectionString: ordersUrl, max: 3 });
    identityDb = new pg.Pool({ connectionString: services.identity.ctx.config.DATABASE_URL, max: 2 });
    customer = await customerWithData(
      { identity: services.identity.url, geo: services.geo!.url, orders: orders.url },
      smtp,
      'killed',
    );
    log(`system and customer ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }, 180_000);

  afterAll(async () => {
    await orders?.kill();
    await ordersDb?.end();
    await identityDb?.end();
    for (const s of Object.values(services).reverse()) await s.cleanup();
    const names = queueNames(messaging.exchange, messaging.queuePrefix, 'orders');
    await deleteTestTopology(messaging, [
      names.queue,
      names.deadLetterQueue,
      names.retryQueue(100),
      names.retryQueue(300),
    ]);
    await smtp?.close();
    await dropTestDatabases();
    rmSync(uploads, { recursive: true, force: true });
  });

  it('the erasure completes once after orders is killed in the middle of it', async () => {
    // The customer's order row, locked: orders' erasure will wait on it.
    const blocker = await ordersDb.connect();
    await blocker.query('begin');
    await blocker.query('select id from farm_orders where id = $1 for update', [customer.orderId]);

    const asked = await http<{ request: { id: string } }>(
      services.identity!.url,
      'POST',
      '/api/users/me/privacy-requests/erasure',
      { token: customer.token, body: { password: customer.password } },
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const requestId = asked.body.request.id;

    // Half-way: orders' transaction has begun the erasure and waits for the lock.
    await waitFor(
      async () => {
        const r = await ordersDb.query<{ n: string }>(
          `select count(*) as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and query ilike '%farm_orders%'`,
        );
        return Number(r.rows[0]!.n) > 0 || undefined;
      },
      { timeoutMs: 30_000, message: "orders' erasure waiting on the order row" },
    );
    const others = await identityDb.query<{ service: string }>(
      `select service from privacy_request_services where request_id = $1 and answered_at is not null`,
      [requestId],
    );
    log(`orders killed half-way; answered before the kill: ${others.rows.map((r) => r.service).join(', ')}`);
    await orders.kill();
    await blocker.query('rollback');
    blocker.release();
    // Nothing of the killed transaction stayed.
    const before = await ordersDb.query<{ customer: { firstName: string } }>(
      'select customer from farm_orders where id = $1',
      [customer.orderId],
    );
    expect(before.rows[0]!.customer.firstName).toBe(customer.firstName);
    const inbox = await ordersDb.query<{ n: string }>(
      `select count(*) as n from inbox where event_type = 'identity.erasure.requested'`,
    );
    expect(Number(inbox.rows[0]!.n)).toBe(0);

    await orders.start();
    await waitFor(
      async () => {
        const r = await identityDb.query<{ completed_at: Date | null }>(
          'select completed_at from privacy_requests where id = $1',
          [requestId],
        );
        return r.rows[0]!.completed_at ?? undefined;
      },
      { timeoutMs: 60_000, message: 'erasure completed after the restart' },
    );
    const answers = await identityDb.query<{ service: string; attempts: number; answered_at: Date | null }>(
      'select service, attempts, answered_at from privacy_request_services where request_id = $1',
      [requestId],
    );
    expect(answers.rows).toHaveLength(6);
    expect(answers.rows.every((r) => r.answered_at !== null && r.attempts === 1)).toBe(true);
    // Once: one inbox row, one answer published, the order anonymized with its figures kept.
    await waitFor(
      async () => {
        const r = await ordersDb.query<{ n: string }>(
          `select count(*) as n from outbox where published_at is null`,
        );
        return Number(r.rows[0]!.n) === 0 || undefined;
      },
      { timeoutMs: 20_000, message: "orders' outbox drained" },
    );
    const handled = await ordersDb.query<{ n: string }>(
      `select count(*) as n from inbox where event_type = 'identity.erasure.requested'`,
    );
    expect(Number(handled.rows[0]!.n)).toBe(1);
    const published = await ordersDb.query<{ n: string }>(
      `select count(*) as n from outbox where type = 'orders.erasure.completed' and envelope->'data'->>'requestId' = $1`,
      [requestId],
    );
    expect(Number(published.rows[0]!.n)).toBe(1);
    const order = await ordersDb.query<{
      order_number: string;
      total_price: number;
      customer: { firstName: string };
    }>('select order_number, total_price, customer from farm_orders where id = $1', [customer.orderId]);
    expect(order.rows[0]).toMatchObject({
      order_number: customer.orderNumber,
      customer: { firstName: 'ERASED' },
    });
    expect(order.rows[0]!.total_price).toBeGreaterThan(0);
    for (const needle of [customer.email, customer.phone, customer.lastName])
      expect(await findText(services.identity!.ctx.db, needle), `${needle} in identity`).toEqual([]);
    const ordersText = await ordersDb.query<{ n: string }>(
      `select (select count(*) from farm_orders t where t::text ilike $1) + (select count(*) from contacts t where t::text ilike $1) as n`,
      [`%${customer.email}%`],
    );
    expect(Number(ordersText.rows[0]!.n)).toBe(0);
  });
});
