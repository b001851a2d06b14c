// GET /api/users/me with a valid token, against identity directly and beside a bare express
// server answering a JSON of the same size, in one run:
//   npx tsx bench/identity-users-me.ts [seconds] [targetUrl]   (BENCH_ROUNDS alternating pairs, default 2)
// Without a target (or IDENTITY_BENCH_URL), identity is started here on its own database
// (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/gleba_bench_identity) and seeded.
// With a target (identity or the gateway in front of it), the demo farmer must exist there.
import type { ChildProcess } from 'node:child_process';
import { cpus } from 'node:os';
import { load, printTable, startProcess } from './lib/run';

const seconds = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 10);
const target = process.argv[3] ?? process.env.IDENTITY_BENCH_URL;
const procs: ChildProcess[] = [];

async function run(cmd: string, args: string[], env: Record<string, string>): Promise<void> {
  const { spawn } = await import('node:child_process');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}`))));
  });
}

try {
  let base = target?.replace(/\/$/, '');
  if (!base) {
    const env = {
      PORT: '4993',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/gleba_bench_identity',
      REDIS_PREFIX: 'bench-identity',
      EVENTS_EXCHANGE: 'bench.identity',
      QUEUE_PREFIX: 'bench.identity',
      LOG_LEVEL: 'warn',
    };
    await run(process.execPath, ['--import', 'tsx', 'services/identity/src/seed.ts'], env);
    // Node itself (not npx) so that the kill at the end reaches the server.
    procs.push(await startProcess(process.execPath, ['--import', 'tsx', 'services/identity/src/main.ts'], env, 'http://127.0.0.1:4993/health/live'));
    base = 'http://127.0.0.1:4993';
  }
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.99.99.99' },
    body: JSON.stringify({ email: 'farmer@gleba.local', password: 'Farmer123!' }),
  });
  if (!login.ok) throw new Error(`login at ${base} answered ${login.status}: ${await login.text()}`);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const headers = { authorization: `Bearer ${accessToken}` };
  const me = await fetch(`${base}/api/users/me`, { headers });
  const body = await me.text();
  if (!me.ok) throw new Error(`users/me answered ${me.status}: ${body}`);

  procs.push(await startProcess('node', ['bench/identity-bare-server.mjs', '4994'], { BENCH_BODY: body }));
  // Alternating rounds: on a shared machine the load changes by the minute, so each pair is compared.
  const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
  for (let round = 1; round <= rounds; round += 1) {
    const baseline = await load(`round ${round}: bare express, same ${Buffer.byteLength(body)}-byte JSON`, 'http://127.0.0.1:4994/api/users/me', { seconds, headers });
    const identity = await load(`round ${round}: identity GET /api/users/me (${base})`, `${base}/api/users/me`, { seconds, headers });
    printTable([baseline, identity], baseline);
  }
  console.log(
    `\nmachine: ${cpus().length} cores, load average ${(await import('node:os')).loadavg().map((n) => n.toFixed(1)).join(' ')}, ${seconds} s per target, 50 connections; ` +
      'identity verifies the RS256 token and reads the user, its profile flag and social accounts in one query per request.',
  );
} finally {
  for (const p of procs) p.kill('SIGTERM');
}
