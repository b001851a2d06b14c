#!/usr/bin/env node
// `npm test`: type-checks every workspace, lints the tree (eslint), builds the services and apps (browser tests drive the
// built apps), runs every workspace's tests against real Postgres, RabbitMQ and Redis, then the
// end-to-end suites, and prints one closing line: "N passed, N failed".
// A workspace whose tests fail is run once more, alone; the tests that failed the first time are
// listed as flaky whatever the second run says, and only the second run's figures count.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Figures per stage and workspace ("stage|workspace"), so a rerun replaces its first run's. */
const counts = new Map();
const failures = [];
const failedTests = []; // vitest's FAIL / × lines, repeated at the end so a CI log's tail names them
const flaky = [];
const durations = []; // [stage, seconds]: the closing lines say where the run's time went

const FAILED_LINE = /(^|\s)(FAIL\s|×\s|✗\s)/;
const WORKSPACE = /^(@gleba\/[\w.-]+):test: /;

function stage(name, command, args, env = {}) {
  return new Promise((resolve) => {
    console.log(`\n\x1b[1m== ${name}\x1b[0m`);
    const started = Date.now();
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const failedWorkspaces = new Set();
    const lines = (chunk) => chunk.toString().split('\n');
    const note = (line) => {
      if (!FAILED_LINE.test(line)) return;
      const workspace = WORKSPACE.exec(line)?.[1];
      if (workspace) failedWorkspaces.add(workspace);
      if (failedTests.length < 40 && !failedTests.includes(line.trim())) failedTests.push(line.trim());
    };
    const scan = (chunk) => {
      process.stdout.write(chunk);
      for (const line of lines(chunk)) {
        note(line);
        const m = /\bTests\s{2,}(.*)\(\d+\)/.exec(line);
        if (!m) continue;
        const key = `${name}|${WORKSPACE.exec(line)?.[1] ?? ''}`;
        const c = counts.get(key) ?? { passed: 0, failed: 0, skipped: 0 };
        for (const [, n, kind] of m[1].matchAll(/(\d+) (passed|failed|skipped|todo)/g)) {
          if (kind === 'passed' || kind === 'failed' || kind === 'skipped') c[kind] += Number(n);
        }
        counts.set(key, c);
      }
    };
    child.stdout.on('data', scan);
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      for (const line of lines(chunk)) note(line);
    });
    child.on('exit', (code) => {
      durations.push([name, (Date.now() - started) / 1000]);
      resolve({ code, failedWorkspaces: [...failedWorkspaces] });
    });
  });
}

async function run(name, command, args, env) {
  const { code } = await stage(name, command, args, env);
  if (code !== 0) failures.push(name);
}

const only = process.argv.slice(2);
const want = (s) => only.length === 0 || only.includes(s);

// Two programs (Node side, browser side) check each shared package once; see tsconfig.node.json.
if (want('typecheck')) {
  await run('type-check (node)', 'npx', ['tsc', '-p', 'tsconfig.node.json']);
  await run('type-check (web)', 'npx', ['tsc', '-p', 'tsconfig.web.json']);
  await run('type-check (browser suites)', 'npx', ['tsc', '-p', 'tests/e2e/tsconfig.json']);
  await run('type-check (benches)', 'npx', ['tsc', '-p', 'bench/tsconfig.json']);
}
if (want('lint')) await run('lint', 'npx', ['eslint', '.']);
if (want('format')) {
  await run('decisions index', 'node', ['scripts/decisions-index.mjs', '--check']);
  await run('format (prettier --check)', 'npx', ['prettier', '--check', '--log-level=warn', '.']);
}
if (want('build'))
  await run('build', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only', '--concurrency=2']);
if (want('unit')) {
  const name = 'workspace tests';
  const first = await stage(name, 'npx', ['turbo', 'run', 'test', '--concurrency=2', '--continue']);
  if (first.code !== 0 && first.failedWorkspaces.length > 0) {
    // Once more, alone (no other workspace competing for the two cores), the failed workspaces only.
    const before = failedTests.length;
    for (const workspace of first.failedWorkspaces) counts.delete(`${name}|${workspace}`);
    const filters = first.failedWorkspaces.flatMap((w) => ['--filter', w]);
    const again = await stage(`${name} (again: ${first.failedWorkspaces.join(', ')})`, 'npx', [
      'turbo',
      'run',
      'test',
      '--concurrency=1',
      '--continue',
      ...filters,
    ]);
    for (const key of [...counts.keys()]) {
      if (key.startsWith(`${name} (again`)) {
        const workspace = key.split('|')[1];
        counts.set(`${name}|${workspace}`, counts.get(key));
        counts.delete(key);
      }
    }
    if (again.code !== 0) failures.push(name);
    else flaky.push(...failedTests.splice(0, before));
  } else if (first.code !== 0) failures.push(name);
}
// The journeys in Chromium against a whole system of their own (tests/e2e; needs the build).
if (want('e2e'))
  await run('end-to-end journeys (Chromium, whole system)', 'npm', [
    'run',
    'e2e',
    '--silent',
    '-w',
    '@gleba/e2e-tests',
  ]);
// Last and alone: fault tests restart the shared RabbitMQ.
if (want('faults'))
  await run('faults (real broker restart)', 'npm', [
    'run',
    'test:faults',
    '--silent',
    '-w',
    '@gleba/platform',
  ]);
// 1,000 orders through kills of every service and restarts of a private RabbitMQ and PostgreSQL (tests/faults).
if (want('faults'))
  await run('faults (whole system: kills and restarts under load)', 'npm', [
    'run',
    'faults',
    '--silent',
    '-w',
    '@gleba/fault-tests',
  ]);

const totals = { passed: 0, failed: 0, skipped: 0 };
for (const c of counts.values()) for (const k of Object.keys(totals)) totals[k] += c[k];
if (flaky.length)
  console.log('\n\x1b[33mflaky (failed, then passed when run again alone):\x1b[0m\n  ' + flaky.join('\n  '));
console.log(
  '\ntime per stage:\n' +
    durations.map(([stage, s]) => `  ${String(Math.round(s)).padStart(5)} s  ${stage}`).join('\n'),
);
if (failedTests.length) console.log('\nfailed tests:\n  ' + failedTests.join('\n  '));
console.log(
  '\n' + (failures.length ? `\x1b[31mfailed stages: ${failures.join(', ')}\x1b[0m` : 'all stages passed'),
);
if (failures.length && totals.failed === 0) totals.failed = failures.length; // a stage failed without a test failing (type errors, build)
console.log(
  `${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}${flaky.length ? `, ${flaky.filter((l) => !/FAIL\s/.test(l)).length || flaky.length} flaky` : ''}`,
);
process.exit(failures.length ? 1 : 0);
