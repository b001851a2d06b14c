// GET /health/live through the gateway against a bare express server answering the same, in one
// run on this machine: `npx tsx bench/gateway.ts [seconds]`. Servers run in their own processes;
// the load generator (autocannon) runs here.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { load, printTable, startProcess } from './lib/run';

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

  const baseline = await load('bare express GET /health/live', 'http://127.0.0.1:4990/health/live', {
    seconds,
  });
  const own = await load('gateway GET /health/live (own stack)', 'http://127.0.0.1:4992/health/live', {
    seconds,
  });
  const proxied = await load(
    'gateway -> service GET /api/users/health/live (proxied, rate-limited)',
    'http://127.0.0.1:4992/api/users/health/live',
    { seconds },
  );
  printTable([baseline, own, proxied], baseline);
  console.log(
    `\nmachine: ${(await import('node:os')).cpus().length} cores, ${seconds} s per target, 50 connections; goal: gateway >= 50% of bare express`,
  );
} finally {
  for (const p of procs) p.kill('SIGTERM');
}
