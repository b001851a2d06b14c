#!/usr/bin/env node
// `npm start`: checks Postgres, RabbitMQ and Redis, installs if needed, builds, migrates every
// service, starts the simulators, the services and the gateway, seeds a demo, prints the URLs.
// Flags: --no-build (use the last build), --no-seed.
import { spawn, spawnSync, execFileSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceEnv, SERVICES, SIMULATORS, GATEWAY_PORT, infraUrls } from './system.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const logsDir = path.join(root, '.gleba', 'logs');
mkdirSync(logsDir, { recursive: true });
const children = [];

function say(message) {
  console.log(`\x1b[32m[gleba]\x1b[0m ${message}`);
}
function fail(message) {
  console.error(`\x1b[31m[gleba]\x1b[0m ${message}`);
  stopAll(1);
}

function portAnswers(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.setTimeout(timeoutMs);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

async function waitForPort(host, port, seconds) {
  for (let i = 0; i < seconds * 4; i += 1) {
    if (await portAnswers(host, port)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

function dockerAnswers() {
  return spawnSync('docker', ['info'], { stdio: 'ignore', timeout: 5000 }).status === 0;
}

async function checkInfrastructure() {
  const infra = infraUrls();
  const needed = [
    { name: 'PostgreSQL', url: new URL(infra.postgres), port: 5432, start: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start', compose: 'postgres' },
    { name: 'RabbitMQ', url: new URL(infra.rabbitmq), port: 5672, start: 'rabbitmq-server -detached', compose: 'rabbitmq' },
    { name: 'Redis', url: new URL(infra.redis), port: 6379, start: 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no', compose: 'redis' },
  ];
  const down = [];
  for (const s of needed) {
    if (!(await portAnswers(s.url.hostname, Number(s.url.port || s.port)))) down.push(s);
  }
  if (down.length === 0) return;
  if (dockerAnswers()) {
    say(`starting ${down.map((s) => s.name).join(', ')} with Docker (docker-compose.yml)`);
    execFileSync('docker', ['compose', 'up', '-d', ...down.map((s) => s.compose)], { cwd: root, stdio: 'inherit' });
    for (const s of down) {
      if (!(await waitForPort(s.url.hostname, Number(s.url.port || s.port), 60))) fail(`${s.name} did not come up in Docker`);
    }
    return;
  }
  fail(
    `these services do not answer:\n${down.map((s) => `  - ${s.name} at ${s.url.host}: start it with\n      ${s.start}`).join('\n')}\n` +
      'or point GLEBA_POSTGRES_URL / GLEBA_RABBITMQ_URL / GLEBA_REDIS_URL at running ones.',
  );
}

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...(options.env ?? {}) } });
  if (result.status !== 0) fail(`${command} ${commandArgs.join(' ')} failed`);
}

function installIfNeeded() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  say('installing dependencies (npm ci)');
  run('npm', ['ci', '--no-audit', '--no-fund']);
}

/** Starts a long-running child; its output goes to .gleba/logs/<name>.log, errors also to the console. */
function startChild(name, command, commandArgs, options) {
  const log = createWriteStream(path.join(logsDir, `${name}.log`), { flags: 'a' });
  const child = spawn(command, commandArgs, { cwd: options.cwd ?? root, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const echo = (chunk) => {
    log.write(chunk);
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      const level = /"level":(\d+)/.exec(line)?.[1];
      if (level ? Number(level) >= 50 : options.echoAll) console.log(`\x1b[36m[${name}]\x1b[0m ${line.slice(0, 400)}`);
    }
  };
  child.stdout.on('data', echo);
  child.stderr.on('data', (chunk) => {
    log.write(chunk);
    process.stderr.write(`\x1b[33m[${name}]\x1b[0m ${chunk}`);
  });
  child.on('exit', (code, signal) => {
    if (!stopping) console.error(`\x1b[31m[${name}]\x1b[0m exited (${signal ?? code}); see .gleba/logs/${name}.log`);
  });
  children.push(child);
  return child;
}

async function waitReady(name, url, seconds = 90) {
  for (let i = 0; i < seconds * 2; i += 1) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  fail(`${name} is not ready after ${seconds} s (${url}); see .gleba/logs/${name}.log`);
}

let stopping = false;
function stopAll(code = 0) {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), children.length ? 1500 : 0);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

const major = Number(process.versions.node.split('.')[0]);
if (major < 20) fail(`Node 20 or newer is needed (this is ${process.version})`);

await checkInfrastructure();
installIfNeeded();

if (!args.has('--no-build')) {
  say('building services and apps');
  run('npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);
}

for (const svc of SERVICES) {
  const main = path.join(root, 'services', svc.name, 'dist', 'main.js');
  if (!existsSync(main)) fail(`services/${svc.name} is not built (run npm start without --no-build)`);
}

// Ports in use mean another copy is running: say so instead of failing obscurely.
const busy = [];
for (const port of [GATEWAY_PORT, ...SERVICES.map((s) => s.port)]) if (await portAnswers('127.0.0.1', port, 300)) busy.push(port);
if (busy.length) fail(`ports ${busy.join(', ')} are in use (is Gleba already running?)`);

say('migrating each service database');
for (const svc of SERVICES) {
  run('node', [path.join('services', svc.name, 'dist', 'main.js'), 'migrate'], { env: serviceEnv(svc) });
}

const simulatorNames = new Set(
  spawnSync('npx', ['tsx', 'infra/simulators/src/cli.ts', '--list'], { cwd: root, encoding: 'utf8' }).stdout.split('\n').filter(Boolean),
);
for (const sim of SIMULATORS) {
  if (!simulatorNames.has(sim.name)) continue;
  if (await portAnswers('127.0.0.1', sim.port, 300)) {
    say(`${sim.name} simulator port ${sim.port} already answers; using it`);
    continue;
  }
  startChild(`sim-${sim.name}`, 'npx', ['tsx', 'infra/simulators/src/cli.ts', sim.name, String(sim.port)], { env: {} });
}
for (const sim of SIMULATORS) if (simulatorNames.has(sim.name)) await waitForPort('127.0.0.1', sim.port, 60);

say('starting services');
for (const svc of SERVICES) {
  startChild(svc.name, 'node', ['--enable-source-maps', 'dist/main.js'], { cwd: path.join(root, 'services', svc.name), env: serviceEnv(svc) });
}
for (const svc of SERVICES) await waitReady(svc.name, `http://127.0.0.1:${svc.port}/health/ready`);
startChild('gateway', 'node', ['--enable-source-maps', 'dist/main.js'], {
  cwd: path.join(root, 'services', 'gateway'),
  env: { ...serviceEnv({ name: 'gateway', port: GATEWAY_PORT }), CUSTOMER_DIST: path.join(root, 'frontends/customer/dist'), ADMIN_DIST: path.join(root, 'frontends/admin/dist'), LANDING_DIST: path.join(root, 'frontends/landing/dist') },
});
await waitReady('gateway', `http://127.0.0.1:${GATEWAY_PORT}/health/ready`);

if (!args.has('--no-seed')) {
  say('seeding demo data');
  for (const svc of SERVICES) {
    const pkg = JSON.parse(readFileSync(path.join(root, 'services', svc.name, 'package.json'), 'utf8'));
    if (pkg.scripts?.seed) run('npm', ['run', 'seed', '--silent', '-w', `@gleba/${svc.name}`], { env: serviceEnv(svc) });
  }
}

const base = `http://localhost:${GATEWAY_PORT}`;
console.log(`
\x1b[1mGleba is running\x1b[0m
  Landing page     ${base}/
  Customer app     ${base}/login        demo user  farmer@gleba.local / Farmer123!
  Admin panel      ${base}/admin        demo admin admin@gleba.local / Admin123!
  API              ${base}/api  ${base}/farm-api  ${base}/garden-api
  Mail inbox       http://localhost:1080   (every e-mail the system sends)
  Simulators       ${SIMULATORS.filter((s) => simulatorNames.has(s.name)).map((s) => `${s.name} :${s.port}`).join(', ') || 'none'}
  Services         ${SERVICES.map((s) => `${s.name} :${s.port}`).join(', ')}
  Logs             .gleba/logs/
Press Ctrl+C to stop.`);
