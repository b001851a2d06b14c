// `npx tsx bench/mixed-load.ts [seconds]`: the whole system (started here in its own layout) under a
// mixed load through the gateway, as signed-in customers use the app: profile, notifications list
// and unseen count, my tests, plots, an order quote, the price list. The baseline, in the same run:
// the same requests sent to each service directly (one load generator per service, its share of
// the mix and of the connections or rate, all at once), so the comparison is the gateway's cost
// alone. Each is measured at a fixed rate (BENCH_RATE, default 500 requests/s, evenly spaced and
// open-loop: bench/lib/steady-load.ts; goal: p99 <= 50 ms through the gateway) and at saturation
// (autocannon, BENCH_CONNECTIONS); prints requests/s, p50/p99 (from every
// response's latency), errors, non-2xx and the CPU the system's Node processes spent per request.
import autocannon from 'autocannon';
import { loadavg, cpus } from 'node:os';
import { cpuSeconds } from './lib/cpu';
import { steadyLoad } from './lib/steady-load';
import { Client, newCustomer, placeFarmOrder, startBenchSystem } from './lib/bench-system';

const seconds = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 20);
const USERS = Number(process.env.BENCH_USERS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const fixedRate = Number(process.env.BENCH_RATE ?? 500);

// The gateway's route table, to send each request of the baseline to the service that owns it.
const { resolveService } = await import('../services/gateway/src/routes');
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

  type Request = (typeof mix)[number];
  // Each service's share of the mix, sent to it directly (the baseline).
  const direct = new Map<string, Request[]>();
  for (const r of mix) {
    const service = resolveService(r.path.split('?')[0]!)!;
    direct.set(service, [...(direct.get(service) ?? []), r]);
  }
  const names = ['gateway', ...Object.keys(system.urls.services)];
  /** CPU seconds used so far by each of the system's Node processes, by name. */
  const cpuByProcess = (): Map<string, number> =>
    new Map(names.map((n) => [n, cpuSeconds(system.pid(n)) ?? 0]));

  /** Runs one load generator per target at once; latencies from every response. */
  const run = async (
    name: string,
    targets: { url: string; requests: Request[] }[],
    rate: number | undefined,
    gatewayUsed: boolean,
  ) => {
    const share = (t: { requests: Request[] }) => t.requests.length / mix.length;
    const options = (t: { url: string; requests: Request[] }, duration: number, warm: boolean) => ({
      url: t.url,
      requests: t.requests,
      duration,
      connections: Math.max(1, Math.round((warm ? 10 : connections) * share(t))),
      ...(rate && !warm ? { overallRate: Math.max(1, Math.round(rate * share(t))) } : {}),
    });
    await Promise.all(targets.map((t) => autocannon(options(t, 2, true))));
    const cpu0 = cpuByProcess();
    if (rate) {
      // A fixed rate: evenly spaced requests (bench/lib/steady-load.ts), not autocannon's per-second bursts.
      const steady = await steadyLoad({ targets, rate, seconds, connections });
      const cpu1 = cpuByProcess();
      return summary(name, cpu0, cpu1, steady.latencies, {
        rps: Math.round(steady.rps),
        errors: steady.errors,
        non2xx: steady.non2xx,
        total: steady.total,
        gatewayUsed,
      });
    }
    const latencies: number[] = [];
    const results = await Promise.all(
      targets.map(
        (t) =>
          new Promise<autocannon.Result>((resolve, reject) => {
            const instance = autocannon(options(t, seconds, false), (error, result) =>
              error ? reject(error) : resolve(result),
            );
            instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
          }),
      ),
    );
    latencies.sort((a, b) => a - b);
    return summary(name, cpu0, cpuByProcess(), latencies, {
      rps: Math.round(results.reduce((n, r) => n + r.requests.average, 0)),
      errors: results.reduce((n, r) => n + r.errors + r.timeouts, 0),
      non2xx: results.reduce((n, r) => n + r.non2xx, 0),
      total: results.reduce((n, r) => n + r.requests.total, 0),
      gatewayUsed,
    });
  };
  /** One row: throughput, p50/p99 of the sorted latencies, CPU per request in all and by process. */
  const summary = (
    name: string,
    cpu0: Map<string, number>,
    cpu1: Map<string, number>,
    latencies: number[],
    counts: { rps: number; errors: number; non2xx: number; total: number; gatewayUsed: boolean },
  ) => {
    const perProcess = names.map((n) => [n, cpu1.get(n)! - cpu0.get(n)!] as const);
    const cpu = perProcess.reduce((sum, [, s]) => sum + s, 0);
    const at = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN;
    const { total } = counts;
    return {
      name,
      ...counts,
      p50: Math.round(at(0.5) * 10) / 10,
      p99: Math.round(at(0.99) * 10) / 10,
      cpuUs: Math.round((cpu * 1e6) / Math.max(1, total)),
      cpuUsBy: perProcess
        .filter(([, s]) => s > 0)
        .map(([n, s]) => `${n} ${Math.round((s * 1e6) / Math.max(1, total))}`)
        .join(', '),
    };
  };
  const throughGateway = [{ url: system.urls.gateway, requests: mix }];
  const directly = [...direct].map(([service, requests]) => ({
    url: system.urls.services[service]!,
    requests,
  }));
  const rows = [
    await run(`services directly, ${fixedRate} requests/s (baseline)`, directly, fixedRate, false),
    await run(`gateway -> services, ${fixedRate} requests/s`, throughGateway, fixedRate, true),
    await run('services directly, saturation (baseline)', directly, undefined, false),
    await run('gateway -> services, saturation', throughGateway, undefined, true),
  ];
  console.log(
    `\nmachine: ${cpus().length} cores, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(
        ' ',
      )}; ${seconds} s, ${connections} connections, ${users.length} users, ${mix.length / users.length} request kinds; directly: ${[...direct].map(([s, r]) => `${s} ${r.length / users.length}`).join(', ')} kinds`,
  );
  console.log(
    '| target | requests/s | p50 ms | p99 ms | errors | non-2xx | requests | CPU µs/request (gateway + services) |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.total} | ${r.cpuUs} |`,
    );
  for (const r of rows) console.log(`CPU µs per request by process, ${r.name}: ${r.cpuUsBy}`);
  const [directRate, gatewayRate, directSat, gatewaySat] = rows as [
    (typeof rows)[0],
    (typeof rows)[0],
    (typeof rows)[0],
    (typeof rows)[0],
  ];
  const ratio = gatewaySat.rps / directSat.rps;
  console.log(
    `mixed load at saturation: gateway ${gatewaySat.rps} vs services directly ${directSat.rps} requests/s = ${(ratio * 100).toFixed(0)}% (baseline: the same requests sent to each service)`,
  );
  console.log(
    `at ${fixedRate} requests/s: p50/p99 gateway ${gatewayRate.p50}/${gatewayRate.p99} ms vs directly ${directRate.p50}/${directRate.p99} ms; goal p99 <= 50 ms through the gateway: ${gatewayRate.p99 <= 50 && gatewayRate.errors === 0 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `BENCH ${JSON.stringify({ bench: 'mixed-load', rps: gatewaySat.rps, p50: gatewaySat.p50, p99: gatewaySat.p99, errors: gatewaySat.errors, non2xx: gatewaySat.non2xx, baselineRps: directSat.rps, ratio: Number(ratio.toFixed(3)), fixedRate, p99AtRate: gatewayRate.p99, baselineP99AtRate: directRate.p99 })}`,
  );
} finally {
  await system.stop();
}
