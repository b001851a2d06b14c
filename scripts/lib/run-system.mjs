// Starts and supervises a whole Gleba system: simulators, the six services, the gateway, the demo
// seed. `npm start` runs the default layout with it; the end-to-end, fault and load suites run
// their own layout (other ports, databases, exchange, queues, Redis keys) and use the handle to
// kill, restart and stop processes. Needs built services and apps (`turbo run build`).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { commonEnv, databaseUrl, infraUrls, serviceEnv, systemLayout } from '../system.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function portAnswers(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect(port, host);
    socket.setTimeout(timeoutMs);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

export async function waitForPort(host, port, seconds) {
  for (let i = 0; i < seconds * 4; i += 1) {
    if (await portAnswers(host, port)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/**
 * Polls a readiness URL until it answers 2xx; false after `seconds`, or at once when the process
 * (`entry`, from launch) has exited.
 */
async function waitReady(url, seconds, entry) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline && !entry?.exit) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return true;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

/**
 * The kernel's range for the local ports of outgoing connections (Linux), or null. Any client
 * socket, even one in TIME_WAIT, can hold a port of it, and then no server can listen there.
 */
export function ephemeralPortRange() {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    return Number.isInteger(low) && Number.isInteger(high) ? { low, high } : null;
  } catch {
    return null;
  }
}

/** Every port a layout listens on (with its replicas' ports, +100 each). */
export function layoutPorts(layout, replicas = {}) {
  const services = layout.services.flatMap((s) =>
    Array.from({ length: replicas[s.name] ?? 1 }, (_, i) => s.port + 100 * i),
  );
  return [layout.gatewayPort, ...services, ...layout.simulators.map((s) => s.port), layout.mailWebPort];
}

/** The last lines of a log file, indented, for an error message ('' when there is none). */
function logTail(file, lines = 15) {
  try {
    const text = readFileSync(file, 'utf8');
    const tail = text
      .slice(-6000)
      .split('\n')
      .filter((l) => l.trim())
      .slice(-lines);
    return tail.length ? `; its last lines:\n${tail.map((l) => `  ${l.slice(0, 400)}`).join('\n')}` : '';
  } catch {
    return '';
  }
}

/** The simulators this checkout has (each registers itself in infra/simulators/src/cli.ts). */
export function availableSimulators() {
  const out = spawnSync(process.execPath, ['--import', 'tsx', 'infra/simulators/src/cli.ts', '--list'], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  return new Set(out.stdout.split('\n').filter(Boolean));
}

/** Drops the layout's service databases (a fresh system for a test suite). Never the default's. */
async function dropDatabases(layout) {
  if (layout.offset === 0) throw new Error('refusing to drop the databases of the default layout');
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: infraUrls().postgres });
  await client.connect();
  try {
    for (const svc of layout.services) {
      const db = new URL(databaseUrl(svc.name, layout)).pathname.slice(1);
      await client.query(`DROP DATABASE IF EXISTS "${db}" WITH (FORCE)`);
    }
  } finally {
    await client.end();
  }
}

/** Deletes the layout's queues and exchange left by an earlier run (listed with rabbitmqctl when
 * it is on this machine, deleted over AMQP in one connection). */
async function dropBrokerState(layout) {
  if (layout.offset === 0) return;
  const list = spawnSync('rabbitmqctl', ['list_queues', '-q', '--no-table-headers', 'name'], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  const queues =
    list.status === 0
      ? list.stdout
          .split('\n')
          .map((l) => l.trim())
          .filter((q) => q.startsWith(`${layout.name}.`))
      : [];
  const { default: amqp } = await import('amqplib');
  const connection = await amqp.connect(infraUrls().rabbitmq);
  try {
    const channel = await connection.createChannel();
    for (const q of queues) await channel.deleteQueue(q);
    await channel.deleteExchange(`${layout.name}.events`);
    await channel.close();
  } finally {
    await connection.close();
  }
}

/**
 * Seeds the demo lab week (scripts/lib/demo-week.mjs) into a running system of `layout`: through
 * its gateway, with the DPD simulator's URL and each service's database for the older seasons'
 * dates. Refuses in production.
 */
export async function runDemoWeek(layout, extraEnv = {}, log = () => undefined) {
  const { seedDemoWeek } = await import('./demo-week.mjs');
  const { default: pg } = await import('pg');
  const pools = new Map();
  const sql = async (service, text, params) => {
    if (!pools.has(service))
      pools.set(service, new pg.Pool({ connectionString: databaseUrl(service, layout), max: 1 }));
    await pools.get(service).query(text, params);
  };
  try {
    return await seedDemoWeek({
      gateway: `http://127.0.0.1:${layout.gatewayPort}`,
      dpd: `http://127.0.0.1:${layout.simulators.find((s) => s.name === 'dpd').port}`,
      sql,
      log,
      env: { ...process.env, ...extraEnv },
    });
  } finally {
    await Promise.all([...pools.values()].map((p) => p.end()));
  }
}

/**
 * Starts a system and resolves when every process answers its readiness check.
 * @param {object} options
 * @param {ReturnType<typeof systemLayout>} [options.layout] where it runs (default: `npm start`'s)
 * @param {string} [options.logsDir] one log file per process (default .gleba/logs or .gleba/<name>/logs)
 * @param {boolean} [options.fresh] drop the layout's databases and queues first (test layouts only)
 * @param {boolean} [options.seed] run the services' demo seeds (default true)
 * @param {boolean} [options.demoWeek] seed the demo lab week after them (default: `npm start`'s layout only)
 * @param {Record<string,string>} [options.env] extra environment for every service and the gateway
 * @param {Record<string,number>} [options.replicas] processes per service (default 1): the extra
 *   ones (`<service>#2`, ...) share its database and queues and listen on its port +100, +200...
 * @param {(line: string) => void} [options.say] progress lines
 * @param {(name: string, line: string) => void} [options.onError] error lines of a process
 */
export async function startSystem(options = {}) {
  const layout = options.layout ?? systemLayout();
  const t0 = Date.now();
  const sayRaw = options.say ?? (() => undefined);
  const say = (line) => sayRaw(`${line} (+${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  const logsDir = options.logsDir ?? path.join(ROOT, '.gleba', layout.offset ? layout.name : '', 'logs');
  mkdirSync(logsDir, { recursive: true });
  const extraEnv = options.env ?? {};
  /** name -> { child, spec } */
  const processes = new Map();
  let stopping = false;

  for (const svc of layout.services) {
    if (!existsSync(path.join(ROOT, 'services', svc.name, 'dist', 'main.js'))) {
      throw new Error(`services/${svc.name} is not built (run: npx turbo run build)`);
    }
  }
  const busy = [];
  for (const port of [layout.gatewayPort, ...layout.services.map((s) => s.port)])
    if (await portAnswers('127.0.0.1', port, 300)) busy.push(port);
  if (busy.length) throw new Error(`ports ${busy.join(', ')} are in use (is this system already running?)`);
  const range = ephemeralPortRange();
  const exposed = range
    ? layoutPorts(layout, options.replicas).filter((p) => p >= range.low && p <= range.high)
    : [];
  if (exposed.length) {
    say(
      `warning: ports ${exposed.join(', ')} lie in the kernel's range for outgoing connections (${range.low}-${range.high}); a client socket may hold one and a process then fail to listen`,
    );
  }

  if (options.fresh) {
    say('dropping the databases and queues of an earlier run');
    await dropDatabases(layout);
    await dropBrokerState(layout);
  }

  function launch(spec) {
    const log = createWriteStream(path.join(logsDir, `${spec.name}.log`), { flags: 'a' });
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd ?? ROOT,
      env: spec.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const onLines = (chunk, isErr) => {
      log.write(chunk);
      if (!options.onError) return;
      for (const line of chunk.toString().split('\n')) {
        if (!line.trim()) continue;
        const level = /"level":(\d+)/.exec(line)?.[1];
        if (isErr || (level && Number(level) >= 50)) options.onError(spec.name, line.slice(0, 400));
      }
    };
    child.stdout.on('data', (c) => onLines(c, false));
    child.stderr.on('data', (c) => onLines(c, true));
    const logClosed = new Promise((resolve) => log.once('close', resolve));
    const entry = {
      child,
      spec,
      logClosed,
      exit: null,
      exited: new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal }))),
    };
    child.once('exit', (code, signal) => {
      entry.exit = { code, signal };
      log.end();
      if (!stopping && !entry.expectExit && options.onError)
        options.onError(
          spec.name,
          `exited (${signal ?? code}); see ${path.join(logsDir, `${spec.name}.log`)}`,
        );
    });
    processes.set(spec.name, entry);
    return entry;
  }

  /** Why a process is not ready, with the end of its log (it may have exited: a port taken, a crash). */
  async function notReady(name, what) {
    const entry = processes.get(name);
    const file = path.join(logsDir, `${name}.log`);
    if (entry?.exit) await Promise.race([entry.logClosed, new Promise((r) => setTimeout(r, 1000))]);
    const why = entry?.exit
      ? `exited (${entry.exit.signal ?? `code ${entry.exit.code}`}) before it was ready`
      : what;
    return new Error(`${name} ${why} (see ${file})${logTail(file)}`);
  }

  const serviceSpec = (svc) => ({
    port: svc.port,
    name: svc.name,
    command: process.execPath,
    args: ['--enable-source-maps', 'dist/main.js'],
    cwd: path.join(ROOT, 'services', svc.name),
    env: { ...serviceEnv(svc, layout), ...extraEnv },
    ready: `http://127.0.0.1:${svc.port}/health/ready`,
  });
  const gatewaySpec = () => ({
    name: 'gateway',
    port: layout.gatewayPort,
    command: process.execPath,
    args: ['--enable-source-maps', 'dist/main.js'],
    cwd: path.join(ROOT, 'services', 'gateway'),
    env: {
      ...serviceEnv({ name: 'gateway', port: layout.gatewayPort }, layout),
      CUSTOMER_DIST: path.join(ROOT, 'frontends/customer/dist'),
      ADMIN_DIST: path.join(ROOT, 'frontends/admin/dist'),
      LANDING_DIST: path.join(ROOT, 'frontends/landing/dist'),
      ...extraEnv,
    },
    ready: `http://127.0.0.1:${layout.gatewayPort}/health/ready`,
  });
  const specs = new Map();
  const simulatorNames = [];

  async function stop() {
    stopping = true;
    const all = [...processes.values()];
    for (const p of all) p.child.kill('SIGTERM');
    const timer = setTimeout(() => all.forEach((p) => p.child.kill('SIGKILL')), 5000);
    await Promise.all(all.map((p) => p.exited));
    clearTimeout(timer);
    processes.clear();
  }
  const onExit = () => [...processes.values()].forEach((p) => p.child.kill('SIGKILL'));
  process.once('exit', onExit);

  try {
    say('migrating each service database, starting the simulators');
    const known = availableSimulators();
    const simulators = [];
    for (const sim of layout.simulators.filter((s) => known.has(s.name))) {
      if (layout.offset === 0 && (await portAnswers('127.0.0.1', sim.port, 300))) {
        say(`${sim.name} simulator port ${sim.port} already answers; using it`);
        continue;
      }
      simulators.push(sim);
    }
    if (simulators.length) {
      const args = [
        '--import',
        'tsx',
        'infra/simulators/src/cli.ts',
        ...simulators.map((s) =>
          s.name === 'mail' ? `mail:${s.port}:${layout.mailWebPort}` : `${s.name}:${s.port}`,
        ),
      ];
      const spec = {
        name: 'simulators',
        command: process.execPath,
        args,
        env: { ...process.env, ...commonEnv(layout) },
        port: simulators[0].port,
      };
      specs.set(spec.name, spec);
      launch(spec);
    }
    simulatorNames.push(...simulators.map((s) => s.name));
    // Migrations run side by side (each its own database) while the simulators start.
    await Promise.all(
      layout.services.map(
        (svc) =>
          new Promise((resolve, reject) => {
            const child = spawn(
              process.execPath,
              [path.join('services', svc.name, 'dist', 'main.js'), 'migrate'],
              {
                cwd: ROOT,
                env: { ...serviceEnv(svc, layout), ...extraEnv, LOG_LEVEL: 'warn' },
                stdio: ['ignore', 'pipe', 'pipe'],
              },
            );
            let output = '';
            child.stdout.on('data', (c) => (output += c));
            child.stderr.on('data', (c) => (output += c));
            child.once('exit', (code) =>
              code === 0 ? resolve() : reject(new Error(`migrating ${svc.name} failed:\n${output}`)),
            );
          }),
      ),
    );
    for (const sim of simulators) {
      if (!(await waitForPort('127.0.0.1', sim.port, 90)))
        throw new Error(
          `the ${sim.name} simulator did not start (see ${path.join(logsDir, 'simulators.log')})${logTail(path.join(logsDir, 'simulators.log'))}`,
        );
    }

    say('starting services');
    for (const svc of layout.services) {
      // Replicas (options.replicas) share the service's database and queues on ports +100, +200...
      for (let i = 1; i <= (options.replicas?.[svc.name] ?? 1); i += 1) {
        const spec =
          i === 1
            ? serviceSpec(svc)
            : { ...serviceSpec({ ...svc, port: svc.port + 100 * (i - 1) }), name: `${svc.name}#${i}` };
        specs.set(spec.name, spec);
        launch(spec);
      }
    }
    for (const [name, spec] of specs) {
      if (!spec.ready || name === 'gateway') continue;
      if (!(await waitReady(spec.ready, 90, processes.get(name))))
        throw await notReady(name, 'is not ready after 90 s');
    }
    const gw = gatewaySpec();
    specs.set('gateway', gw);
    const gwEntry = launch(gw);
    if (!(await waitReady(gw.ready, 60, gwEntry))) throw await notReady('gateway', 'is not ready after 60 s');

    if (options.seed !== false) {
      say('seeding demo data');
      for (const svc of layout.services) {
        const pkg = JSON.parse(readFileSync(path.join(ROOT, 'services', svc.name, 'package.json'), 'utf8'));
        if (!pkg.scripts?.seed) continue;
        const script = pkg.scripts.seed.replace(/^tsx\s+/, '');
        const result = spawnSync(process.execPath, ['--import', 'tsx', script], {
          cwd: path.join(ROOT, 'services', svc.name),
          env: { ...serviceEnv(svc, layout), ...extraEnv, LOG_LEVEL: 'warn' },
          encoding: 'utf8',
        });
        if (result.status !== 0)
          throw new Error(`seeding ${svc.name} failed:\n${result.stderr || result.stdout}`);
      }
      // The lab's week (orders, tests, parcels, results) through the running system's API:
      // `npm start` only, unless a suite asks for it.
      if (options.demoWeek ?? layout.offset === 0) {
        say('seeding the demo lab week (orders, tests, parcels, results)');
        const week = await runDemoWeek(layout, extraEnv, (line) => say(`  ${line}`));
        say(week.created ? 'demo lab week seeded' : 'demo lab week already present');
      }
    }
  } catch (error) {
    await stop();
    process.removeListener('exit', onExit);
    throw error;
  }

  const base = `http://127.0.0.1:${layout.gatewayPort}`;
  return {
    layout,
    logsDir,
    urls: {
      gateway: base,
      public: layout.publicUrl,
      mailWeb: `http://127.0.0.1:${layout.mailWebPort}`,
      services: Object.fromEntries(layout.services.map((s) => [s.name, `http://127.0.0.1:${s.port}`])),
      simulators: Object.fromEntries(layout.simulators.map((s) => [s.name, `http://127.0.0.1:${s.port}`])),
    },
    /** Where a process listens (services, their replicas, the gateway). */
    url: (name) => (specs.get(name)?.port ? `http://127.0.0.1:${specs.get(name).port}` : undefined),
    /** Names of the processes: services (`<service>#2`... for replicas), `gateway`, `simulators`. */
    names: () => [...specs.keys()],
    /** The simulators this system started. */
    simulators: () => [...simulatorNames],
    /** The environment a service runs with (to open its database or broker from a test). */
    env: (name) => specs.get(name)?.env,
    pid: (name) => processes.get(name)?.child.pid,
    /** Sends a signal (default SIGKILL) and waits for the process to exit. */
    async kill(name, signal = 'SIGKILL') {
      const entry = processes.get(name);
      if (!entry) return;
      entry.expectExit = true;
      entry.child.kill(signal);
      await entry.exited;
      processes.delete(name);
    },
    /** Starts a process again and waits until it is ready. */
    async start(name) {
      const spec = specs.get(name);
      if (!spec) throw new Error(`unknown process ${name}`);
      if (processes.has(name)) return;
      const entry = launch(spec);
      const ok = spec.ready
        ? await waitReady(spec.ready, 90, entry)
        : await waitForPort('127.0.0.1', spec.port, 60);
      if (!ok) throw await notReady(name, 'did not come back');
    },
    async restart(name, signal = 'SIGKILL') {
      await this.kill(name, signal);
      await this.start(name);
    },
    /** Stops every process (SIGTERM, then SIGKILL after 5 s). */
    async stop() {
      await stop();
      process.removeListener('exit', onExit);
    },
    /** Resolves when any process exits unexpectedly (for `npm start` to report it). */
    processes,
  };
}
