// GET /api/users/me with a valid token through the gateway (and at identity directly) beside a bare
// express server doing the same work (bench/identity-bare-server.mjs: verify the RS256 token, read
// the user from identity's Postgres, answer the same JSON), in alternating rounds of one run:
//   npx tsx bench/identity-users-me.ts [seconds]      env: BENCH_ROUNDS (default 2), BENCH_CONNECTIONS (50),
//   BENCH_COMPARE_ROOT (an earlier checkout with built services, measured beside: before/after)
// Identity and the gateway run as in production (`npm run build` bundles, `node dist/main.js`,
// LOG_LEVEL info), identity on its own database (BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/gleba_bench_identity), seeded here. The gateway's rate limits
// stay on (Redis counters per IP and per account on every request) with limits the load cannot reach.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { loadWithCpu, printTable, startProcess, type LoadCpuResult } from './lib/run';

const seconds = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 10);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const databaseUrl =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gleba_bench_identity';
const procs: ChildProcess[] = [];

function sh(cmd: string, args: string[], options: { cwd?: string; env?: Record<string, string> } = {}): void {
  const r = spawnSync(cmd, args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}`);
}

try {
  for (const service of ['identity', 'gateway'])
    sh(process.execPath, ['../../scripts/build-service.mjs'], { cwd: `services/${service}` });
  const identityEnv = {
    PORT: '4993',
    DATABASE_URL: databaseUrl,
    REDIS_PREFIX: 'bench-identity',
    EVENTS_EXCHANGE: 'bench.identity',
    QUEUE_PREFIX: 'bench.identity',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  };
  sh(process.execPath, ['--import', 'tsx', 'services/identity/src/seed.ts'], {
    env: { ...identityEnv, LOG_LEVEL: 'warn' },
  });
  const node = (file: string) => [
    ...(process.env.BENCH_NODE_ARGS ?? '--enable-source-maps').split(' ').filter(Boolean),
    file,
  ];
  // Node itself (not npm/npx) so that the kill at the end reaches the servers.
  procs.push(
    await startProcess(
      process.execPath,
      node('services/identity/dist/main.js'),
      identityEnv,
      'http://127.0.0.1:4993/health/live',
    ),
  );
  procs.push(
    await startProcess(
      process.execPath,
      node('services/gateway/dist/main.js'),
      {
        PORT: '4995',
        IDENTITY_URL: 'http://127.0.0.1:4993',
        JWKS_URL: 'http://127.0.0.1:4993/.well-known/jwks.json',
        REDIS_PREFIX: 'bench-gateway',
        RATE_LIMIT_IP: '1000000000',
        RATE_LIMIT_ACCOUNT: '1000000000',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      },
      'http://127.0.0.1:4995/health/live',
    ),
  );
  procs.push(
    await startProcess(process.execPath, ['bench/identity-bare-server.mjs', '4994'], {
      BENCH_DATABASE_URL: databaseUrl,
      BENCH_JWKS_URL: 'http://127.0.0.1:4993/.well-known/jwks.json',
    }),
  );

  // What the hop alone costs: the cheapest node:http proxy, and the gateway, both in front of the baseline.
  procs.push(
    await startProcess(process.execPath, ['bench/lib/minimal-proxy.mjs', '4996', 'http://127.0.0.1:4994']),
  );
  procs.push(
    await startProcess(
      process.execPath,
      node('services/gateway/dist/main.js'),
      {
        PORT: '4997',
        IDENTITY_URL: 'http://127.0.0.1:4994',
        JWKS_URL: 'http://127.0.0.1:4993/.well-known/jwks.json',
        REDIS_PREFIX: 'bench-gateway',
        RATE_LIMIT_IP: '1000000000',
        RATE_LIMIT_ACCOUNT: '1000000000',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      },
      'http://127.0.0.1:4997/health/live',
    ),
  );
  // Before/after in the same run: BENCH_COMPARE_ROOT names another checkout (an earlier commit) whose
  // identity and gateway are already built (`node scripts/build-service.mjs` in each); they run beside
  // these on the same database (ports 4983/4985) and are measured in every round.
  const compareRoot = process.env.BENCH_COMPARE_ROOT;
  if (compareRoot) {
    const root = compareRoot.replace(/\/$/, '');
    procs.push(
      await startProcess(
        process.execPath,
        node(`${root}/services/identity/dist/main.js`),
        { ...identityEnv, PORT: '4983' },
        'http://127.0.0.1:4983/health/live',
      ),
    );
    procs.push(
      await startProcess(
        process.execPath,
        node(`${root}/services/gateway/dist/main.js`),
        {
          PORT: '4985',
          IDENTITY_URL: 'http://127.0.0.1:4983',
          JWKS_URL: 'http://127.0.0.1:4983/.well-known/jwks.json',
          REDIS_PREFIX: 'bench-gateway-before',
          RATE_LIMIT_IP: '1000000000',
          RATE_LIMIT_ACCOUNT: '1000000000',
          LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
        },
        'http://127.0.0.1:4985/health/live',
      ),
    );
  }
  const gateway = 'http://127.0.0.1:4995';
  const login = await fetch(`${gateway}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.99.99.99' },
    body: JSON.stringify({ email: 'farmer@gleba.local', password: 'Farmer123!' }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}: ${await login.text()}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const bodies: Record<string, string> = {};
  for (const [name, url] of Object.entries({
    gateway: `${gateway}/api/users/me`,
    identity: 'http://127.0.0.1:4993/api/users/me',
    bare: 'http://127.0.0.1:4994/api/users/me',
  })) {
    const res = await fetch(url, { headers });
    bodies[name] = await res.text();
    if (!res.ok) throw new Error(`${name} users/me answered ${res.status}: ${bodies[name]}`);
  }
  if (bodies.bare !== bodies.identity || bodies.gateway !== bodies.identity) {
    throw new Error(
      `the answers differ:\n  bare     ${bodies.bare}\n  identity ${bodies.identity}\n  gateway  ${bodies.gateway}`,
    );
  }

  const [identity, gatewayProc, bare, minimalProxy, gatewayOnBare, identityBefore, gatewayBefore] = procs.map(
    (p) => p.pid,
  );
  if (compareRoot) {
    const before = await fetch('http://127.0.0.1:4985/api/users/me', { headers });
    const text = await before.text();
    if (text !== bodies.identity) throw new Error(`the compared gateway answered ${before.status}: ${text}`);
  }
  const targets: { name: string; url: string; pids: Record<string, number | undefined> }[] = [
    { name: 'bare express (verify + query)', url: 'http://127.0.0.1:4994/api/users/me', pids: { bare } },
    {
      name: 'minimal node:http proxy -> bare',
      url: 'http://127.0.0.1:4996/api/users/me',
      pids: { proxy: minimalProxy, bare },
    },
    {
      name: 'gateway -> bare',
      url: 'http://127.0.0.1:4997/api/users/me',
      pids: { gateway: gatewayOnBare, bare },
    },
    {
      name: 'gateway -> identity GET /api/users/me',
      url: `${gateway}/api/users/me`,
      pids: { gateway: gatewayProc, identity },
    },
    { name: 'identity directly', url: 'http://127.0.0.1:4993/api/users/me', pids: { identity } },
  ];
  if (compareRoot) {
    targets.push({
      name: `before (${compareRoot}): gateway -> identity`,
      url: 'http://127.0.0.1:4985/api/users/me',
      pids: { gateway: gatewayBefore, identity: identityBefore },
    });
  }
  const summary: LoadCpuResult[][] = [];
  const cpu = (r: LoadCpuResult) =>
    Object.entries(r.cpuPerRequestUs)
      .map(([k, v]) => `${k} ${v}`)
      .join(' + ');
  // Alternating rounds: on a shared machine the load changes by the minute, so each round is compared.
  for (let round = 1; round <= rounds; round += 1) {
    const rows: LoadCpuResult[] = [];
    for (const t of targets)
      rows.push(
        await loadWithCpu(`round ${round}: ${t.name}`, t.url, t.pids, { seconds, headers, connections }),
      );
    printTable(rows, rows[0]!);
    for (const r of rows)
      console.log(`  CPU µs per request, ${r.name.replace(/^round \d+: /, '')}: ${cpu(r)}`);
    summary.push(rows);
  }
  const sum = (r: LoadCpuResult) => Object.values(r.cpuPerRequestUs).reduce((a, b) => a + b, 0);
  const pct = (i: number) => summary.map((r) => `${((r[i]!.rps / r[0]!.rps) * 100).toFixed(0)}%`).join(', ');
  console.log(
    `\nmachine: ${cpus().length} cores, load average ${loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')}, ${seconds} s per target, ${connections} connections, ` +
      `${Buffer.byteLength(bodies.bare!)}-byte answer; goal: gateway -> identity >= 50% of bare express.`,
  );
  console.log(
    `requests/s vs bare per round: minimal proxy ${pct(1)}; gateway -> bare ${pct(2)}; gateway -> identity ${pct(3)}` +
      (compareRoot ? `; before ${pct(5)}` : ''),
  );
  const hop = (r: LoadCpuResult[]) =>
    ((r[2]!.cpuPerRequestUs.gateway ?? NaN) / (r[1]!.cpuPerRequestUs.proxy ?? NaN)).toFixed(2);
  console.log(
    `gateway CPU per proxied request vs the minimal proxy, both in front of bare (goal <= 2x): ${summary
      .map((r) => `${r[2]!.cpuPerRequestUs.gateway} vs ${r[1]!.cpuPerRequestUs.proxy} µs = ${hop(r)}x`)
      .join('; ')}`,
  );
  console.log(
    `node CPU µs per request (Postgres, Redis, load generator not counted): bare ${summary.map((r) => sum(r[0]!)).join(', ')}; ` +
      `gateway + identity ${summary.map((r) => sum(r[3]!)).join(', ')}` +
      (compareRoot ? `; before ${summary.map((r) => sum(r[5]!)).join(', ')}` : ''),
  );
} finally {
  for (const p of procs) p.kill('SIGTERM');
}
