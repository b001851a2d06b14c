// `npx tsx bench/replicas.ts [orders]`: two replicas each of the notification and orders services
// (their consumers share one queue per service) under a steady stream of status changes; then
// checks there is exactly one in-app notification per status change and no doubled status change,
// and prints how the events split between the replicas.
import pg from 'pg';
import {
  adminToken,
  Client,
  counter,
  newCustomer,
  placeFarmOrder,
  startBenchSystem,
  until,
} from './lib/bench-system';

const ORDERS = Number(process.argv[2] ?? process.env.BENCH_ORDERS ?? 40);
const CUSTOMERS = 5;
const STEPS = [
  'KIT_SENT',
  'SAMPLES_COLLECTING_PENDING',
  'SAMPLES_COLLECTING',
  'SAMPLES_COLLECTION_COMPLETED',
  'SAMPLES_SENT',
  'SAMPLES_IN_ANALYSIS',
  'ORDER_COMPLETED',
];

const system = await startBenchSystem('gleba_bench_replicas', 16000, { notification: 2, orders: 2 });
try {
  const client = new Client(system.urls.gateway);
  const admin = await adminToken(client);
  const customers = await Promise.all(
    Array.from({ length: CUSTOMERS }, (_, i) => newCustomer(system, client, `replica${i}`)),
  );
  const orders: { id: string; orderNumber: string }[] = [];
  for (let i = 0; i < ORDERS; i += 1) orders.push(await placeFarmOrder(client, customers[i % CUSTOMERS]!, i));
  console.log(`${customers.length} customers, ${orders.length} farm orders placed`);

  const started = Date.now();
  // Each order moves through its statuses; 8 orders at a time, one change after another per order.
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < orders.length) {
        const order = orders[next++]!;
        for (const status of STEPS)
          await client.must(`status ${status}`, `/farm-api/orders/${order.id}/status`, {
            token: admin,
            body: { status },
          });
      }
    }),
  );
  const changes = orders.length * STEPS.length;
  const driveS = (Date.now() - started) / 1000;
  console.log(
    `${changes} status changes made in ${driveS.toFixed(1)} s (${(changes / driveS).toFixed(0)}/s)`,
  );

  const notificationDb = new pg.Pool({ connectionString: system.env('notification')!.DATABASE_URL, max: 2 });
  const ordersDb = new pg.Pool({ connectionString: system.env('orders')!.DATABASE_URL, max: 2 });
  const numbers = orders.map((o) => o.orderNumber);
  // Every change in orders' history that the customer hears of (all but PAYMENT_CONFIRMED, announced
  // by the payment event), including the order's creation.
  const history = Number(
    (
      await ordersDb.query(
        `select count(*) as c from status_history where subject_id = any($1::uuid[]) and status <> 'PAYMENT_CONFIRMED'`,
        [orders.map((o) => o.id)],
      )
    ).rows[0].c,
  );
  const counts = async () =>
    (
      await notificationDb.query<{ total: string; distinct: string }>(
        `select count(*) as total, count(distinct (params->>'orderNumber', type, coalesce(params->>'status', ''))) as distinct
           from in_app_notifications where type in ('ORDER_STATUS_CHANGED','SAMPLES_SENT','ALL_RESULTS') and params->>'orderNumber' = any($1)`,
        [numbers],
      )
    ).rows[0]!;
  const notified = await until(
    'every status change notified',
    counts,
    (c) => Number(c.distinct) >= history,
    180_000,
  );
  const settledS = (Date.now() - started) / 1000;
  const inApp = Number(notified.total);
  const doubled = inApp - Number(notified.distinct);
  const emails = Number(
    (
      await notificationDb.query(
        `select count(*) as c from deliveries where channel = 'EMAIL' and type in ('ORDER_STATUS_CHANGED','SAMPLES_SENT','ALL_RESULTS') and params->>'orderNumber' = any($1)`,
        [numbers],
      )
    ).rows[0].c,
  );
  const steps = Number(
    (
      await ordersDb.query(
        `select count(*) as c from status_history where subject_id = any($1::uuid[]) and status = any($2)`,
        [orders.map((o) => o.id), STEPS],
      )
    ).rows[0].c,
  );
  // Counters start with each process: every event each replica handled since the system started.
  const handled = Object.fromEntries(
    await Promise.all(
      ['notification', 'notification#2', 'orders', 'orders#2'].map(
        async (n) => [n, await counter(system.url(n)!, 'gleba_consumer_events_handled_total')] as const,
      ),
    ),
  );
  await notificationDb.end();
  await ordersDb.end();

  console.log(
    `\nstatus changes made ${changes}, in orders' history ${steps} (+ ${history - steps} at the orders' creation); in-app notifications ${inApp} for ${history} notified changes, doubled ${doubled}; e-mail deliveries ${emails}`,
  );
  console.log(`all notified ${settledS.toFixed(1)} s after the first change`);
  console.log(
    `events handled per replica since start: notification ${handled.notification} + ${handled['notification#2']}, orders ${handled.orders} + ${handled['orders#2']}`,
  );
  const ok = steps === changes && inApp === history && doubled === 0 && emails === history;
  console.log(
    `BENCH ${JSON.stringify({ bench: 'replicas', changes, steps, notifiedChanges: history, inApp, emails, doubled, handled, ok })}`,
  );
  if (!ok) process.exitCode = 1;
} finally {
  await system.stop();
}
