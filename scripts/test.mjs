#!/usr/bin/env node
// `npm test`: type-checks every workspace, builds the services and apps (browser tests drive the
// built apps), runs every workspace's tests against real Postgres, RabbitMQ and Redis, then the
// end-to-end suites, and prints one closing line: "N passed, N failed".
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];

function stage(name, command, args, env = {}) {
  return new Promise((resolve) => {
    console.log(`\n\x1b[1m== ${name}\x1b[0m`);
    const child = spawn(command, args, { cwd: root, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const scan = (chunk) => {
      process.stdout.write(chunk);
      for (const line of chunk.toString().split('\n')) {
        const m = /\bTests\s{2,}(.*)\(\d+\)/.exec(line);
        if (!m) continue;
        for (const [, n, kind] of m[1].matchAll(/(\d+) (passed|failed|skipped|todo)/g)) {
          if (kind === 'passed' || kind === 'failed' || kind === 'skipped') totals[kind] += Number(n);
        }
      }
    };
    child.stdout.on('data', scan);
    child.stderr.on('data', (chunk) => process.stderr.write(chunk));
    child.on('exit', (code) => {
      if (code !== 0) failures.push(name);
      resolve(code);
    });
  });
}

const only = process.argv.slice(2);
const want = (s) => only.length === 0 || only.includes(s);

// Two programs (Node side, browser side) check each shared package once; see tsconfig.node.json.
if (want('typecheck')) {
  await stage('type-check (node)', 'npx', ['tsc', '-p', 'tsconfig.node.json']);
  await stage('type-check (web)', 'npx', ['tsc', '-p', 'tsconfig.web.json']);
  await stage('type-check (browser suites)', 'npx', ['tsc', '-p', 'tests/e2e/tsconfig.json']);
  await stage('type-check (benches)', 'npx', ['tsc', '-p', 'bench/tsconfig.json']);
}
if (want('build')) await stage('build', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only', '--concurrency=2']);
if (want('unit')) await stage('workspace tests', 'npx', ['turbo', 'run', 'test', '--concurrency=2', '--continue']);
// The journeys in Chromium against a whole system of their own (tests/e2e; needs the build).
if (want('e2e')) await stage('end-to-end journeys (Chromium, whole system)', 'npm', ['run', 'e2e', '--silent', '-w', '@gleba/e2e-tests']);
// Last and alone: fault tests restart the shared RabbitMQ.
if (want('faults')) await stage('faults (real broker restart)', 'npm', ['run', 'test:faults', '--silent', '-w', '@gleba/platform']);
// 1,000 orders through kills of every service and restarts of a private RabbitMQ and PostgreSQL (tests/faults).
if (want('faults')) await stage('faults (whole system: kills and restarts under load)', 'npm', ['run', 'faults', '--silent', '-w', '@gleba/fault-tests']);

console.log('\n' + (failures.length ? `\x1b[31mfailed stages: ${failures.join(', ')}\x1b[0m` : 'all stages passed'));
if (failures.length && totals.failed === 0) totals.failed = failures.length; // a stage failed without a test failing (type errors, build)
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(failures.length ? 1 : 0);
