// GET /health/live through the gateway against a bare express server answering the same, in one
// run on this machine: `npx tsx bench/gateway.ts [seconds]`. Servers run in their own processes;
// the load generator (autocannon) runs here. Beside requests/s it prints each server's CPU per
// request (from /proc), which other tenants' load changes much less, and the proxied route's
// gateway CPU against the cheapest node:http proxy in front of the same upstream (goal:
// at most 2x).
import { spawnSync, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { loadWithCpu, printTable, startProcess } from './lib/run';

const seconds = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 10);
const procs: ChildProcess[] = [];
try {
  const bare = await startProcess('node', ['bench/lib/bare-server.mjs', '4990']);
  procs.push(bare);
  const upstream = await startProcess('node', ['bench/lib/bare-server.mjs', '4991']);
  procs.push(upstream);
  // The production bundle, run by node itself (through npx the kill at the end would not reach it).
  const build = spawnSync(process.execPath, ['../../scripts/build-service.mjs'], {
    cwd: 'services/gateway',
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('gateway build failed');
  const gateway = await startProcess(
    process.execPath,
    ['--enable-source-maps', 'services/gateway/dist/main.js'],
    {
      PORT: '4992',
      IDENTITY_URL: 'http://127.0.0.1:4991',
      RATE_LIMIT_IP: '100000000',
      REDIS_PREFIX: 'bench',
      LOG_LEVEL: 'warn',
    },
    'http://127.0.0.1:4992/health/live',
  );
  procs.push(gateway);
  const proxy = await startProcess(process.execPath, [
    'bench/lib/minimal-proxy.mjs',
    '4989',
    'http://127.0.0.1:4991',
  ]);
  procs.push(proxy);

  const baseline = await loadWithCpu(
    'bare express GET /health/live',
    'http://127.0.0.1:4990/health/live',
    { bare: bare.pid },
    { seconds },
  );
  const own = await loadWithCpu(
    'gateway GET /health/live (own stack)',
    'http://127.0.0.1:4992/health/live',
    { gateway: gateway.pid },
    { seconds },
  );
  const minimal = await loadWithCpu(
    'minimal node:http proxy -> service GET /api/users/health/live',
    'http://127.0.0.1:4989/api/users/health/live',
    { proxy: proxy.pid, upstream: upstream.pid },
    { seconds },
  );
  const proxied = await loadWithCpu(
    'gateway -> service GET /api/users/health/live (proxied, rate-limited)',
    'http://127.0.0.1:4992/api/users/health/live',
    { gateway: gateway.pid, upstream: upstream.pid },
    { seconds },
  );
  printTable([baseline, own, minimal, proxied], baseline);
  for (const r of [baseline, own, minimal, proxied])
    console.log(
      `  CPU µs per request, ${r.name}: ${Object.entries(r.cpuPerRequestUs)
        .map(([k, v]) => `${k} ${v}`)
        .join(' + ')}`,
    );
  const ratio = (proxied.cpuPerRequestUs.gateway ?? NaN) / (minimal.cpuPerRequestUs.proxy ?? NaN);
  console.log(
    `\nmachine: ${cpus().length} cores, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}, ${seconds} s per target, 50 connections; goal: gateway >= 50% of bare express`,
  );
  console.log(
    `gateway CPU per proxied request vs the minimal proxy (goal <= 2x): ${proxied.cpuPerRequestUs.gateway} µs vs ${minimal.cpuPerRequestUs.proxy} µs = ${ratio.toFixed(2)}x`,
  );
} finally {
  for (const p of procs) p.kill('SIGTERM');
}
