#!/usr/bin/env node
// `npm run bench [-- name ...]`: every benchmark in one run, one after another (they are CPU-bound
// and the machine may have 2 cores), each printing its figures beside its baseline; then a summary
// of each one's headline lines (goal, baseline, ratio). Never part of `npm test`.
// Needs the build (`npx turbo run build`) and the three services.
import { spawn, spawnSync } from 'node:child_process';
import { loadavg, cpus } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = (file, ...args) => [process.execPath, ['--import', 'tsx', `bench/${file}`, ...args]];

/** Each bench with its baseline (what it prints it compares against) and its goal. */
const BENCHES = [
  {
    name: 'gateway',
    run: tsx('gateway.ts', '8'),
    what: "gateway's own route and a proxied one vs bare express, and its CPU vs a minimal node:http proxy (goal <= 2x)",
  },
  {
    name: 'identity',
    run: tsx('identity-users-me.ts', '8'),
    what: 'GET /api/users/me through the gateway vs bare express with the same JWT + Postgres work (goal >= 50%)',
  },
  {
    name: 'outbox',
    run: tsx('outbox.ts', '20000'),
    what: 'outbox relay events/s vs raw amqplib publisher confirms (goal >= 2,000/s)',
  },
  {
    name: 'notification',
    run: tsx('notification-latency.ts', '60', '200'),
    what: 'event -> in-app notification latency at 200 events/s (goal p99 <= 250 ms); e-mail vs a bare nodemailer loop (goal >= 80% or 200/s, backlog < 2 s)',
  },
  // As deployed: the heap capped at 192 MB (scripts/system.mjs, docker-compose, k8s); BENCH_HEAP_MB caps both runs.
  {
    name: 'lab-import',
    run: tsx('lab-import.ts'),
    env: { BENCH_HEAP_MB: '192' },
    what: 'workbook import vs a bare exceljs streaming read, wall and CPU (goal <= 1.5x) and peak RSS (goal <= 200 MB)',
  },
  { name: 'geo', run: tsx('geo-geometry.ts'), what: 'auto-divide and overlap checks' },
  {
    name: 'geo-admin-units',
    run: tsx('geo-admin-units.ts'),
    what: 'cadastral form look-ups with the whole TERC register vs /health/live, overlay tiles',
  },
  {
    name: 'customer-bundle',
    run: [process.execPath, ['bench/customer-bundle.mjs']],
    what: 'customer app initial JS gzip (goal <= 200 KB)',
  },
  { name: 'landing', run: [process.execPath, ['bench/landing-weight.mjs']], what: 'landing page weight' },
  {
    name: 'mixed-load',
    run: tsx('mixed-load.ts', '20'),
    what: 'whole system, mixed customer load through the gateway vs the same requests to each service directly (goal p99 <= 50 ms at 500 requests/s)',
  },
  {
    name: 'replicas',
    run: tsx('replicas.ts', '40'),
    what: 'two replicas of notification and orders on shared queues: no double effects',
  },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((w) => !BENCHES.some((b) => b.name === w));
if (unknown.length) {
  console.error(`unknown bench ${unknown.join(', ')}; one of: ${BENCHES.map((b) => b.name).join(', ')}`);
  process.exit(2);
}
const selected = wanted.length ? BENCHES.filter((b) => wanted.includes(b.name)) : BENCHES;

const built = spawnSync('test', ['-f', path.join(root, 'services/identity/dist/main.js')]).status === 0;
if (!built) {
  console.error('the services are not built: run `npx turbo run build` first');
  process.exit(1);
}

const HEADLINE = /goal|baseline|bare|gateway|ratio|vs |% of|KB gzip|requests\/s|p99|BENCH |double|replica/i;
const results = [];
for (const bench of selected) {
  console.log(`\n\x1b[1m== ${bench.name}: ${bench.what}\x1b[0m`);
  const started = Date.now();
  const lines = [];
  const code = await new Promise((resolve) => {
    const child = spawn(bench.run[0], bench.run[1], {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0', ...(bench.env ?? {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let rest = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      const text = rest + chunk.toString();
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts);
    });
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('exit', (c) => {
      if (rest) lines.push(rest);
      resolve(c ?? 1);
    });
  });
  results.push({
    bench,
    code,
    seconds: (Date.now() - started) / 1000,
    headline: lines.filter((l) => HEADLINE.test(l) && !/^\s*\|[-| ]+\|\s*$/.test(l)).slice(-8),
  });
}

console.log(
  `\n\x1b[1m== summary\x1b[0m (${cpus().length} cores, load average now ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})`,
);
for (const r of results) {
  console.log(
    `\n${r.bench.name} (${r.seconds.toFixed(0)} s${r.code ? `, exit ${r.code}` : ''}): ${r.bench.what}`,
  );
  for (const line of r.headline) console.log(`  ${line.trim()}`);
}
const failed = results.filter((r) => r.code !== 0);
if (failed.length) {
  console.log(`\nbenches that did not finish: ${failed.map((r) => r.bench.name).join(', ')}`);
  process.exit(1);
}
