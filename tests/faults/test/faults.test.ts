// 1,000 farm orders moved through their statuses by concurrent clients while, in turn, each
// service is killed with SIGKILL and started again, then RabbitMQ and PostgreSQL are restarted
// (private ones: see src/infra.ts). Afterwards, once the system is quiet: every order exists with
// its final status, every status change has exactly one in-app notification and one delivery per
// channel the preferences allow, no dead-lettered event, empty outboxes. Prints the counts.
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, newCustomer, until, type BenchCustomer } from '../../../bench/lib/bench-system';
import { startSystem, type RunningSystem } from '../../../scripts/lib/run-system.mjs';
import { databaseUrl, systemLayout } from '../../../scripts/system.mjs';
import { pool, RetryingClient, sleep } from '../src/driver';
import { startPrivateInfra, type PrivateInfra } from '../src/infra';
import { STATUS_TYPE } from '../../../services/notification/src/domain/rules';

const ORDERS = Number(process.env.GLEBA_FAULTS_ORDERS ?? 1000);
const CONCURRENCY = Number(process.env.GLEBA_FAULTS_CONCURRENCY ?? 24);
const CUSTOMERS = Number(process.env.GLEBA_FAULTS_CUSTOMERS ?? 20);
/** Seconds at least between the end of one outage and the next (they are spread over the run). */
const GAP_S = Number(process.env.GLEBA_FAULTS_GAP_S ?? 3);
/** How long a killed process or stopped broker/database stays down before it is started again. */
const DOWN_S = Number(process.env.GLEBA_FAULTS_DOWN_S ?? 2);
const SERVICES = ['identity', 'geo', 'orders', 'lab-import', 'shipping', 'notification', 'gateway'];

/** Where each farm order goes: most to completion, every tenth cancelled after the kit is sent. */
const pathOf = (i: number): string[] =>
  i % 10 === 9
    ? ['KIT_SENT', 'ORDER_CANCELLED']
    : ['KIT_SENT', 'SAMPLES_SENT', 'SAMPLES_IN_ANALYSIS', 'ORDER_COMPLETED'];

/** The notification a farm status change gives: the notification service's own table (null: none;
 * PAYMENT_CONFIRMED is announced by orders.order.paid, which a deferred transfer does not send). */
const NOTICE_OF: Record<string, string | null> = STATUS_TYPE;
/** Customers with an odd index switch SMS off for generic status changes (preferences honoured). */
const SMS_OFF_TYPE = 'ORDER_STATUS_CHANGED';

const log = (line: string) => console.log(`[faults] ${line}`);
const seconds = (ms: number) => (ms / 1000).toFixed(1);

describe('faults: 1,000 orders through kills and restarts', () => {
  let infra: PrivateInfra;
  let system: RunningSystem;
  const layout = systemLayout({
    name: process.env.GLEBA_FAULTS_NAME ?? 'gleba_faults',
    offset: Number(process.env.GLEBA_FAULTS_PORT_OFFSET ?? 10000),
  });
  const dbs = new Map<string, pg.Pool>();
  const db = (service: string) => {
    let p = dbs.get(service);
    if (!p) {
      p = new pg.Pool({ connectionString: databaseUrl(service, layout), max: 2 });
      p.on('error', () => undefined); // idle clients die with the PostgreSQL restart
      dbs.set(service, p);
    }
    return p;
  };
  const processErrors: string[] = [];

  beforeAll(async () => {
    const t0 = Date.now();
    infra = await startPrivateInfra(log);
    infra.expose();
    system = await startSystem({
      layout,
      fresh: true,
      logsDir: path.resolve(import.meta.dirname, '..', 'test-artifacts', 'logs'),
      env: {
        LOG_LEVEL: 'warn',
        // One client machine drives the load: the per-IP and per-account limits would answer 429.
        RATE_LIMIT_IP: '100000000',
        RATE_LIMIT_ACCOUNT: '100000000',
        ACCESS_TOKEN_TTL_SECONDS: '7200',
        // Jobs lost with a killed delivery worker come back sooner than the default minute.
        DELIVERY_SWEEP_MS: '5000',
        DELIVERY_SWEEP_AGE_MS: '20000',
      },
      say: (line) => log(`[system] ${line}`),
      onError: (proc, line) => {
        if (processErrors.length < 2000) processErrors.push(`[${proc}] ${line}`);
      },
    });
    log(`system up at ${system.urls.gateway} in ${seconds(Date.now() - t0)} s`);
  });

  afterAll(async () => {
    for (const p of dbs.values()) await p.end().catch(() => undefined);
    await system?.stop();
    await infra?.teardown();
  });

  it('loses no order, doubles no notification, dead-letters nothing', async () => {
    const client = new RetryingClient(system.urls.gateway);
    const t0 = Date.now();

    // ---- customers (registered, activated from the captured e-mail, data complete)
    const customers: BenchCustomer[] = [];
    await pool(CUSTOMERS, 5, async (i) => {
      customers[i] = await newCustomer(system, client, `faults${i}`);
    });
    await pool(CUSTOMERS, 5, async (i) => {
      if (i % 2 === 1)
        await client.must('preferences', '/api/notifications/preferences', {
          method: 'PUT',
          token: customers[i]!.token,
          body: { items: [{ type: SMS_OFF_TYPE, isSmsEnabled: false }] },
        });
    });
    const admin = await adminToken(client);
    log(`${CUSTOMERS} customers ready in ${seconds(Date.now() - t0)} s`);

    // ---- the load: each worker places an order and moves it along its path at once
    const orders: { id: string; orderNumber: string; customer: number; path: string[] }[] = [];
    let placed = 0;
    let moves = 0;
    let answersLost = 0; // a POST applied whose answer was lost in an outage (the retry was refused, the change was there)
    let loadDone = false;
    const statusOf = async (id: string): Promise<string> => {
      const d = await client.must<{ status?: string; order?: { status: string } }>(
        'detail',
        `/farm-api/orders/${id}`,
        { token: admin },
      );
      return d.status ?? d.order!.status;
    };
    const move = async (id: string, to: string) => {
      const res = await client.call(
        to === 'ORDER_CANCELLED' ? `/farm-api/orders/${id}/cancel` : `/farm-api/orders/${id}/status`,
        {
          token: admin,
          body: to === 'ORDER_CANCELLED' ? {} : { status: to },
        },
      );
      if (res.status < 300) return;
      if (res.status === 409 && (await statusOf(id)) === to) {
        answersLost += 1;
        return;
      }
      throw new Error(`moving ${id} to ${to}: ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    };
    // A farm order of one crop paid by deferred transfer (accepted at once), as bench/lib's
    // placeFarmOrder, but a POST whose answer an outage lost is resolved, not failed: a plot or crop
    // made twice is refused as existing (then the next placement uses other coordinates), an order
    // made twice is refused for its sector (then the order is the one holding the crop).
    let placementsRedone = 0;
    const placeOrder = async (
      customer: BenchCustomer,
      n: number,
    ): Promise<{ id: string; orderNumber: string }> => {
      for (let attempt = 0; ; attempt += 1) {
        const m = n + attempt * ORDERS;
        const [lng, lat] = [14.2 + (m % 100) * 0.05, 49.1 + Math.floor(m / 100) * 0.05];
        const ring = [
          [lng, lat],
          [lng + 0.003, lat],
          [lng + 0.003, lat + 0.0015],
          [lng, lat + 0.0015],
          [lng, lat],
        ];
        const plot = await client.call<{ id: string }>('/api/plots', {
          token: customer.token,
          body: { name: `Pole ${m}`, geometry: { type: 'Polygon', coordinates: [ring] } },
        });
        if (plot.status === 409 && attempt < 5) {
          placementsRedone += 1;
          continue;
        }
        if (plot.status !== 201)
          throw new Error(`plot: ${plot.status} ${JSON.stringify(plot.body).slice(0, 300)}`);
        const crop = await client.call<{ id: string }>('/api/crops', {
          token: customer.token,
          body: {
            plantId: 'winter-wheat',
            cultivationFrom: '2026-09-20',
            cultivationTo: '2027-07-31',
            plotIds: [plot.body.id],
          },
        });
        if (crop.status === 409 && attempt < 5) {
          placementsRedone += 1;
          continue;
        }
        if (crop.status !== 201)
          throw new Error(`crop: ${crop.status} ${JSON.stringify(crop.body).slice(0, 300)}`);
        const placed = await until(
          'farm order accepted',
          () =>
            client.call('/api/orders', {
              token: customer.token,
              body: {
                type: 'STANDARD',
                crops: [{ cropId: crop.body.id }],
                paymentMethod: 'DEFERRED_BANK_TRANSFER',
                confirmUserData: true,
              },
            }),
          (r) =>
            r.status === 201 ||
            (r.body as { code?: string })?.code === 'sectorAlreadyOrdered' ||
            ![404, 409, 422].includes(r.status),
        );
        if (placed.status === 201) return placed.body.order;
        if ((placed.body as { code?: string })?.code === 'sectorAlreadyOrdered') {
          const held = await db('orders').query<{ id: string; order_number: string }>(
            'select distinct o.id, o.order_number from farm_orders o join farm_order_samples s on s.order_id = o.id where s.crop_id = $1',
            [crop.body.id],
          );
          if (held.rows.length === 1) {
            answersLost += 1;
            return { id: held.rows[0]!.id, orderNumber: held.rows[0]!.order_number };
          }
        }
        throw new Error(`order: ${placed.status} ${JSON.stringify(placed.body).slice(0, 300)}`);
      }
    };
    const progress = setInterval(
      () =>
        log(
          `  ${placed} orders placed, ${moves} moves, ${client.retried} retried requests (${seconds(Date.now() - t0)} s)`,
        ),
      10_000,
    );
    const load = pool(ORDERS, CONCURRENCY, async (i) => {
      const customer = i % CUSTOMERS;
      const order = await placeOrder(customers[customer]!, i);
      placed += 1;
      const entry = { id: order.id, orderNumber: order.orderNumber, customer, path: pathOf(i) };
      orders.push(entry);
      for (const to of entry.path) {
        await move(order.id, to);
        moves += 1;
      }
    }).finally(() => {
      loadDone = true;
    });

    // ---- the faults, one after another while the load runs
    const outages: { what: string; downMs: number; backMs: number }[] = [];
    const allReady = async () => {
      const deadline = Date.now() + 120_000;
      for (;;) {
        const answers = await Promise.all(
          SERVICES.map((s) =>
            fetch(`${system.url(s)!}/health/ready`, { signal: AbortSignal.timeout(2000) })
              .then((r) => r.ok)
              .catch(() => false),
          ),
        );
        if (answers.every(Boolean)) return;
        if (Date.now() > deadline) {
          const down = SERVICES.filter((_, i) => !answers[i]);
          throw new Error(
            `not ready 120 s after the outage: ${down.join(', ')}; processes that died: ${processErrors.filter((l) => / exited \(/.test(l) || /^\[[^\]]+\] exited/.test(l)).join('; ') || 'none'}`,
          );
        }
        await sleep(250);
      }
    };
    const faults = (async () => {
      type Step = [string, () => Promise<void>, () => Promise<void>];
      const kill = (s: string): Step => [
        `kill -9 ${s}`,
        () => system.kill(s, 'SIGKILL'),
        () => system.start(s),
      ];
      // The broker and database restarts in the middle, so they surely meet the load.
      const steps: Step[] = [
        ...SERVICES.slice(0, 3).map(kill),
        ['restart RabbitMQ', () => infra.rabbit.stop(), () => infra.rabbit.start()],
        ...SERVICES.slice(3, 5).map(kill),
        [
          'restart PostgreSQL (immediate stop)',
          () => infra.postgres.stop('immediate'),
          () => infra.postgres.start(),
        ],
        ...SERVICES.slice(5).map(kill),
      ];
      for (const [n, [what, down, up]] of steps.entries()) {
        // Spread over the run: the n-th outage once n/(steps+2) of the orders are placed.
        while (placed < ((n + 1) * ORDERS) / (steps.length + 2) && !loadDone) await sleep(500);
        await sleep(GAP_S * 1000);
        const s0 = Date.now();
        log(`${what} (${placed} placed, ${moves} moves so far)`);
        await down();
        await sleep(DOWN_S * 1000);
        await up();
        const upAt = Date.now();
        await allReady();
        outages.push({ what, downMs: upAt - s0, backMs: Date.now() - s0 });
        log(
          `  ${what}: down ${seconds(upAt - s0)} s, every service ready after ${seconds(Date.now() - s0)} s`,
        );
      }
    })();
    await Promise.all([load, faults]);
    clearInterval(progress);
    const loadMs = Date.now() - t0;
    log(
      `load and faults done in ${seconds(loadMs)} s: ${placed} orders, ${moves} moves, ${client.retried} retried requests`,
    );

    // ---- quiescence: outboxes drained, queues empty, no delivery waiting, counts steady
    const q0 = Date.now();
    const userIds = customers.map((c) => c.userId);
    const outboxPending = async () => {
      let n = 0;
      for (const s of SERVICES.filter((x) => x !== 'gateway')) {
        const r = await db(s)
          .query<{ n: number }>('select count(*)::int as n from outbox where published_at is null')
          .catch(() => ({ rows: [{ n: 0 }] }));
        n += r.rows[0]!.n;
      }
      return n;
    };
    const notificationCounts = async () =>
      (
        await db('notification').query<{ inapp: number; deliveries: number; waiting: number }>(
          `select (select count(*)::int from in_app_notifications where user_id = any($1)) as inapp,
                  (select count(*)::int from deliveries where user_id = any($1)) as deliveries,
                  (select count(*)::int from deliveries where user_id = any($1) and status in ('PENDING', 'WAITING_CONTACT')) as waiting`,
          [userIds],
        )
      ).rows[0]!;
    let last = '';
    let quiet = '';
    for (;;) {
      const [outbox, queues, counts] = await Promise.all([
        outboxPending(),
        infra.rabbit.queues(),
        notificationCounts(),
      ]);
      const busy = [...queues].filter(
        ([name, n]) => name.startsWith(`${layout.name}.`) && !name.endsWith('.dlq') && n > 0,
      );
      const now = JSON.stringify({ outbox, busy, counts });
      if (outbox === 0 && busy.length === 0 && counts.waiting === 0 && now === last) {
        quiet = now;
        break;
      }
      last = now;
      if (Date.now() - q0 > 300_000) throw new Error(`not quiet after 300 s: ${now}`);
      await sleep(2000);
    }
    log(`quiet after ${seconds(Date.now() - q0)} s`);

    // ---- checks
    const ids = orders.map((o) => o.id);
    const rows = (
      await db('orders').query<{ id: string; status: string }>(
        'select id, status from farm_orders where id = any($1)',
        [ids],
      )
    ).rows;
    const finalOf = new Map(rows.map((r) => [r.id, r.status]));
    const lost = orders.filter((o) => !finalOf.has(o.id));
    const wrongStatus = orders.filter((o) => finalOf.has(o.id) && finalOf.get(o.id) !== o.path.at(-1));
    // Orders of these customers the driver never heard of: placed, the answer lost, placed again.
    const unknownOrders = (
      await db('orders').query<{ n: number }>(
        'select count(*)::int as n from farm_orders where user_id = any($1) and not (id = any($2))',
        [userIds, ids],
      )
    ).rows[0]!.n;

    const history = (
      await db('orders').query<{ subject_id: string; status: string; n: number }>(
        `select subject_id, status, count(*)::int as n from status_history where subject_id = any($1) group by subject_id, status`,
        [ids],
      )
    ).rows;
    const statusChanges = history.reduce((s, h) => s + h.n, 0);
    const repeatedChanges = history.filter((h) => h.n > 1).length;

    // What each change should have given: key user|type|orderNumber|status param.
    const byId = new Map(orders.map((o) => [o.id, o]));
    const expectedInApp = new Map<string, number>();
    const expectedDelivery = new Map<string, number>();
    for (const h of history) {
      const type = NOTICE_OF[h.status];
      if (!type) continue;
      const o = byId.get(h.subject_id)!;
      const user = customers[o.customer]!.userId;
      const key = `${user}|${type}|${o.orderNumber}|${type === 'ORDER_STATUS_CHANGED' ? h.status : ''}`;
      expectedInApp.set(key, 1);
      expectedDelivery.set(`${key}|EMAIL`, 1);
      if (!(o.customer % 2 === 1 && type === SMS_OFF_TYPE)) expectedDelivery.set(`${key}|SMS`, 1);
    }
    const inApp = (
      await db('notification').query<{ k: string; n: number }>(
        `select user_id || '|' || type || '|' || coalesce(params->>'orderNumber', '') || '|' || coalesce(params->>'status', '') as k, count(*)::int as n
           from in_app_notifications where user_id = any($1) group by 1`,
        [userIds],
      )
    ).rows;
    const deliveries = (
      await db('notification').query<{ k: string; n: number; sent: number; failed: number }>(
        `select user_id || '|' || type || '|' || coalesce(params->>'orderNumber', '') || '|' || coalesce(params->>'status', '') || '|' || channel as k,
                count(*)::int as n, count(*) filter (where status in ('SENT', 'LOGGED'))::int as sent, count(*) filter (where status = 'FAILED')::int as failed
           from deliveries where user_id = any($1) and status <> 'SKIPPED' and type not in ('ACCOUNT_ACTIVATION', 'PASSWORD_RESET') group by 1`,
        [userIds],
      )
    ).rows;
    const skipped = (
      await db('notification').query<{ n: number }>(
        `select count(*)::int as n from deliveries where user_id = any($1) and status = 'SKIPPED'`,
        [userIds],
      )
    ).rows[0]!.n;
    const inAppSeen = new Map(inApp.map((r) => [r.k, r.n]));
    const deliverySeen = new Map(deliveries.map((r) => [r.k, r.n]));
    const missingInApp = [...expectedInApp.keys()].filter((k) => !inAppSeen.has(k));
    const unexpectedInApp = inApp.filter((r) => !expectedInApp.has(r.k));
    const duplicateInApp = inApp.reduce((s, r) => s + Math.max(0, r.n - 1), 0);
    const missingDeliveries = [...expectedDelivery.keys()].filter((k) => !deliverySeen.has(k));
    const unexpectedDeliveries = deliveries.filter((r) => !expectedDelivery.has(r.k));
    const duplicateDeliveries = deliveries.reduce((s, r) => s + Math.max(0, r.n - 1), 0);
    const sent = deliveries.reduce((s, r) => s + r.sent, 0);
    const failed = deliveries.reduce((s, r) => s + r.failed, 0);

    const queues = await infra.rabbit.queues();
    const dlq = [...queues].filter(([name, n]) => name.endsWith('.dlq') && n > 0);
    const dlqMessages = dlq.reduce((s, [, n]) => s + n, 0);
    const outbox = await outboxPending();

    const report = [
      `orders placed ${orders.length} of ${ORDERS} (concurrency ${CONCURRENCY}, ${CUSTOMERS} customers); lost ${lost.length}; wrong final status ${wrongStatus.length}; unknown extra orders ${unknownOrders}`,
      `status changes ${statusChanges} (${moves} by the admin, the rest on placing); repeated ${repeatedChanges}; POSTs applied with the answer lost ${answersLost}; placements redone (plot or crop made, answer lost) ${placementsRedone}`,
      `in-app notifications ${inApp.reduce((s, r) => s + r.n, 0)} (expected ${expectedInApp.size}); missing ${missingInApp.length}; unexpected ${unexpectedInApp.length}; duplicates ${duplicateInApp}`,
      `deliveries ${deliveries.reduce((s, r) => s + r.n, 0)} (expected ${expectedDelivery.size}; SENT or LOGGED ${sent}, FAILED ${failed}; SKIPPED by preference ${skipped}); missing ${missingDeliveries.length}; unexpected ${unexpectedDeliveries.length}; duplicates ${duplicateDeliveries}`,
      `dead-letter queues: ${dlqMessages} messages${dlq.length ? ` (${dlq.map(([q, n]) => `${q}=${n}`).join(', ')})` : ''}; outbox rows unpublished ${outbox}`,
      `retried requests ${client.retried} (${[...client.failures].map(([k, n]) => `${k} ${n}`).join(', ')})`,
      ...outages.map(
        (o) =>
          `outage: ${o.what}: down ${seconds(o.downMs)} s, all services ready after ${seconds(o.backMs)} s`,
      ),
      `load + faults ${seconds(loadMs)} s, quiescence ${seconds(Date.now() - q0)} s (${quiet}), whole test ${seconds(Date.now() - t0)} s`,
    ];
    console.log(`\n[faults] ==== figures ====\n${report.map((l) => `[faults] ${l}`).join('\n')}\n`);
    if (missingInApp.length || unexpectedInApp.length)
      log(
        `e.g. missing ${missingInApp.slice(0, 5).join(', ')}; unexpected ${unexpectedInApp
          .slice(0, 5)
          .map((r) => r.k)
          .join(', ')}`,
      );
    if (missingDeliveries.length || unexpectedDeliveries.length)
      log(
        `e.g. missing ${missingDeliveries.slice(0, 5).join(', ')}; unexpected ${unexpectedDeliveries
          .slice(0, 5)
          .map((r) => r.k)
          .join(', ')}`,
      );
    const errorLines = processErrors.filter((l) => !/exited \(SIGKILL\)/.test(l));
    if (errorLines.length)
      log(
        `${errorLines.length} error lines from the processes, first ones:\n${errorLines.slice(0, 15).join('\n')}`,
      );

    expect(orders.length).toBe(ORDERS);
    expect(lost).toEqual([]);
    expect(wrongStatus.map((o) => `${o.orderNumber}: ${finalOf.get(o.id)} != ${o.path.at(-1)}`)).toEqual([]);
    expect(repeatedChanges).toBe(0);
    expect(missingInApp).toEqual([]);
    expect(unexpectedInApp.map((r) => r.k)).toEqual([]);
    expect(duplicateInApp).toBe(0);
    expect(missingDeliveries).toEqual([]);
    expect(unexpectedDeliveries.map((r) => r.k)).toEqual([]);
    expect(duplicateDeliveries).toBe(0);
    expect(dlq).toEqual([]);
    expect(outbox).toBe(0);
    expect(outages).toHaveLength(SERVICES.length + 2);
  });
});
