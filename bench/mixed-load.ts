// `npx tsx bench/mixed-load.ts [seconds]`: the whole system (started here in its own layout) under a
// mixed load through the gateway, as signed-in customers use the app: profile, notifications list
// and unseen count, my tests, plots, an order quote, the price list. Beside it, in the same run, a
// bare express server answering the same paths with a small JSON (the ceiling of one Node process
// on this machine). Prints requests/s, p50/p99, errors, non-2xx and the ratio.
import autocannon from 'autocannon';
import path from 'node:path';
import { loadavg, cpus } from 'node:os';
import { startProcess } from './lib/run';
import { Client, newCustomer, placeFarmOrder, startBenchSystem } from './lib/bench-system';

const seconds = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 20);
const USERS = Number(process.env.BENCH_USERS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

const system = await startBenchSystem('gleba_bench_mixed', 12000);
try {
  const client = new Client(system.urls.gateway);
  const users = await Promise.all(
    Array.from({ length: USERS }, (_, i) => newCustomer(system, client, `mixed${i}`)),
  );
  // Some data to read: one farm order each (plot, crop, order).
  const cropIds: string[] = [];
  for (const [i, user] of users.entries()) {
    await placeFarmOrder(client, user, i);
    const crops = await client.must<{ id: string }[] | { items: { id: string }[] }>('crops', '/api/crops', {
      token: user.token,
    });
    const list = Array.isArray(crops) ? crops : crops.items;
    cropIds.push(list[0]!.id);
  }
  console.log(`${users.length} customers with a field, a crop and an order each`);

  const mix = users.flatMap((u, i) => {
    const headers = { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' };
    return [
      { method: 'GET' as const, path: '/api/users/me', headers },
      {
        method: 'GET' as const,
        path: '/api/notifications/in-app?page=1&perPage=10&orderBy=createdAt:desc',
        headers,
      },
      { method: 'GET' as const, path: '/api/notifications/in-app/unseen/count', headers },
      { method: 'GET' as const, path: '/api/soil-tests?tab=ORDERED&page=1&perPage=10', headers },
      { method: 'GET' as const, path: '/api/plots', headers },
      {
        method: 'POST' as const,
        path: '/api/orders/quote',
        headers,
        body: JSON.stringify({ type: 'STANDARD', crops: [{ cropId: cropIds[i] }] }),
      },
      { method: 'GET' as const, path: '/api/prices', headers },
    ];
  });
  // A sample of each request, so a wrong path or body shows here rather than as non-2xx below.
  for (const r of mix.slice(0, 7)) {
    const res = await fetch(`${system.urls.gateway}${r.path}`, {
      method: r.method,
      headers: r.headers,
      body: r.body,
    });
    console.log(`  ${r.method} ${r.path} -> ${res.status}`);
  }

  const run = async (name: string, url: string) => {
    await autocannon({ url, connections: 10, duration: 2, requests: mix });
    const r = await autocannon({ url, connections, duration: seconds, requests: mix });
    return {
      name,
      rps: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.timeouts,
      non2xx: r.non2xx,
      total: r.requests.total,
    };
  };
  const bare = await startProcess(process.execPath, [
    path.join(import.meta.dirname, 'lib', 'bare-server.mjs'),
    '4999',
  ]);
  try {
    const rows = [
      await run('bare express (same paths, static JSON)', 'http://127.0.0.1:4999'),
      await run('gateway -> services (mixed)', system.urls.gateway),
    ];
    console.log(
      `\nmachine: ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(
          ' ',
        )}; ${seconds} s, ${connections} connections, ${users.length} users, ${mix.length / users.length} request kinds`,
    );
    console.log('| target | requests/s | p50 ms | p99 ms | errors | non-2xx | requests |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of rows)
      console.log(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.total} |`);
    const ratio = rows[1]!.rps / rows[0]!.rps;
    console.log(`mixed load through the gateway: ${(ratio * 100).toFixed(0)}% of bare express's requests/s`);
    console.log(
      `BENCH ${JSON.stringify({ bench: 'mixed-load', rps: rows[1]!.rps, p50: rows[1]!.p50, p99: rows[1]!.p99, errors: rows[1]!.errors, non2xx: rows[1]!.non2xx, baselineRps: rows[0]!.rps, ratio: Number(ratio.toFixed(3)) })}`,
    );
  } finally {
    bare.kill();
  }
} finally {
  await system.stop();
}
