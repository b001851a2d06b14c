#!/usr/bin/env node
// `npm start`: checks Postgres, RabbitMQ and Redis, installs if needed, builds, migrates every
// service, starts the simulators, the services and the gateway, seeds a demo, prints the URLs.
// Flags: --no-build (use the last build), --no-seed.
import { spawnSync, execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICES, SIMULATORS, GATEWAY_PORT, infraUrls } from './system.mjs';
import { portAnswers, startSystem, waitForPort } from './lib/run-system.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));

function say(message) {
  console.log(`\x1b[32m[gleba]\x1b[0m ${message}`);
}
function fail(message) {
  console.error(`\x1b[31m[gleba]\x1b[0m ${message}`);
  process.exit(1);
}

function dockerAnswers() {
  return spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 }).status === 0;
}

async function checkInfrastructure() {
  const infra = infraUrls();
  const needed = [
    {
      name: 'PostgreSQL',
      url: new URL(infra.postgres),
      port: 5432,
      start: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
      compose: 'postgres',
    },
    {
      name: 'RabbitMQ',
      url: new URL(infra.rabbitmq),
      port: 5672,
      start: 'rabbitmq-server -detached',
      compose: 'rabbitmq',
    },
    {
      name: 'Redis',
      url: new URL(infra.redis),
      port: 6379,
      start: 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
      compose: 'redis',
    },
  ];
  const down = [];
  for (const s of needed) {
    if (!(await portAnswers(s.url.hostname, Number(s.url.port || s.port)))) down.push(s);
  }
  if (down.length === 0) return;
  if (dockerAnswers()) {
    say(`starting ${down.map((s) => s.name).join(', ')} with Docker (docker-compose.yml)`);
    execFileSync('docker', ['compose', 'up', '-d', ...down.map((s) => s.compose)], {
      cwd: root,
      stdio: 'inherit',
    });
    for (const s of down) {
      if (!(await waitForPort(s.url.hostname, Number(s.url.port || s.port), 60)))
        fail(`${s.name} did not come up in Docker`);
    }
    return;
  }
  fail(
    `these services do not answer:\n${down.map((s) => `  - ${s.name} at ${s.url.host}: start it with\n      ${s.start}`).join('\n')}\n` +
      'or point GLEBA_POSTGRES_URL / GLEBA_RABBITMQ_URL / GLEBA_REDIS_URL at running ones.',
  );
}

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...(options.env ?? {}) },
  });
  if (result.status !== 0) fail(`${command} ${commandArgs.join(' ')} failed`);
}

function installIfNeeded() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  say('installing dependencies (npm ci)');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

let stopping = false;
let system;
async function stopAll(code = 0) {
  if (stopping) return;
  stopping = true;
  if (system) await system.stop();
  process.exit(code);
}
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));

const major = Number(process.versions.node.split('.')[0]);
if (major < 20) fail(`Node 20 or newer is needed (this is ${process.version})`);

await checkInfrastructure();
installIfNeeded();

if (!args.has('--no-build')) {
  say('building services and apps');
  run('npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);
}

try {
  system = await startSystem({
    seed: !args.has('--no-seed'),
    say,
    onError: (name, line) => console.error(`\x1b[33m[${name}]\x1b[0m ${line}`),
  });
} catch (error) {
  fail(error.message);
}
const simulatorNames = new Set(system.simulators());

const base = `http://localhost:${GATEWAY_PORT}`;
console.log(`
\x1b[1mGleba is running\x1b[0m
  Landing page     ${base}/
  Customer app     ${base}/login        demo user  farmer@gleba.local / Farmer123!
  Admin panel      ${base}/admin        demo admin admin@gleba.local / Admin123!
  API              ${base}/api  ${base}/farm-api  ${base}/garden-api
  Mail inbox       http://localhost:1080   (every e-mail the system sends)
  Simulators       ${
    SIMULATORS.filter((s) => simulatorNames.has(s.name))
      .map((s) => `${s.name} :${s.port}`)
      .join(', ') || 'none'
  }
  Services         ${SERVICES.map((s) => `${s.name} :${s.port}`).join(', ')}
  Logs             .gleba/logs/
Press Ctrl+C to stop.`);
