// Disposable infrastructure for the fault suite: a private PostgreSQL cluster, RabbitMQ node and
// Redis server in a temp directory, on free ports. The suite stops and restarts these, never the
// shared ones other engineers' tests use (5432, 5672, 6379).
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { waitForPort } from '../../../scripts/lib/run-system.mjs';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Runs a command without blocking the event loop (the load driver keeps going meanwhile). */
function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      {
        encoding: 'utf8',
        env: options.env ?? process.env,
        timeout: options.timeoutMs ?? 120_000,
        maxBuffer: 16 << 20,
      },
      (error, stdout, stderr) => {
        if (error)
          reject(
            new Error(
              `${command} ${args.join(' ')} failed (${error.code ?? error.signal}):\n${stderr || stdout}`,
            ),
          );
        else resolve(stdout);
      },
    );
  });
}

const asRoot = process.getuid?.() === 0;
/** PostgreSQL refuses to run as root: then its commands run as the postgres OS user. */
const pgCommand = (bin: string, args: string[]): [string, string[]] =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];

function pgBin(name: string): string {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions)
    if (existsSync(path.join(base, v, 'bin', name))) return path.join(base, v, 'bin', name);
  return name;
}

export class PrivatePostgres {
  readonly dir: string;
  readonly data: string;
  constructor(
    root: string,
    readonly port: number,
  ) {
    this.dir = path.join(root, 'pg');
    this.data = path.join(this.dir, 'data');
  }
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }
  async init(): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    if (asRoot) spawnSync('chown', ['-R', 'postgres', this.dir]);
    await run(
      ...pgCommand(pgBin('initdb'), [
        '-D',
        this.data,
        '-A',
        'trust',
        '-U',
        'postgres',
        '-E',
        'UTF8',
        '--no-sync',
      ]),
    );
    await this.start();
  }
  async start(): Promise<void> {
    // fsync=off and full_page_writes=off only matter when the machine crashes: a stopped or killed
    // server's writes are in the OS cache. Never synchronous_commit=off: an immediate stop then loses
    // transactions already reported committed (the suite caught exactly that: a delivery the worker
    // had marked SENT was PENDING again after the restart).
    const opts = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off -c full_page_writes=off`;
    await run(
      ...pgCommand(pgBin('pg_ctl'), [
        '-D',
        this.data,
        '-o',
        opts,
        '-l',
        path.join(this.dir, 'server.log'),
        '-w',
        '-t',
        '120',
        'start',
      ]),
    );
    if (!(await waitForPort('127.0.0.1', this.port, 60)))
      throw new Error('the private PostgreSQL does not answer');
  }
  /** An unclean stop (as a crash would leave it): the next start recovers from the WAL. */
  async stop(mode: 'immediate' | 'fast' = 'immediate'): Promise<void> {
    await run(...pgCommand(pgBin('pg_ctl'), ['-D', this.data, '-m', mode, '-w', '-t', '60', 'stop']));
  }
}

export class PrivateRabbit {
  readonly dir: string;
  readonly node: string;
  constructor(
    root: string,
    readonly port: number,
    readonly distPort: number,
  ) {
    this.dir = path.join(root, 'rabbitmq');
    this.node = `faults-${process.pid}@localhost`;
  }
  get url(): string {
    return `amqp://guest:guest@127.0.0.1:${this.port}`;
  }
  /** The environment of the node and of rabbitmqctl: its own config, cookie (HOME), data and logs. */
  private env(): NodeJS.ProcessEnv {
    return {
      ...process.env,
      HOME: this.dir,
      RABBITMQ_NODENAME: this.node,
      RABBITMQ_NODE_PORT: String(this.port),
      RABBITMQ_DIST_PORT: String(this.distPort),
      RABBITMQ_MNESIA_BASE: path.join(this.dir, 'mnesia'),
      RABBITMQ_LOG_BASE: path.join(this.dir, 'log'),
      RABBITMQ_ENABLED_PLUGINS_FILE: path.join(this.dir, 'enabled_plugins'),
      RABBITMQ_CONFIG_FILE: path.join(this.dir, 'rabbitmq.conf'),
      RABBITMQ_CONF_ENV_FILE: path.join(this.dir, 'rabbitmq-env.conf'),
      RABBITMQ_PID_FILE: path.join(this.dir, 'rabbitmq.pid'),
      ERL_EPMD_ADDRESS: '127.0.0.1',
    };
  }
  /** The scripts in /usr/lib/rabbitmq/bin run as the caller (the /usr/sbin wrappers switch to the rabbitmq user and its shared cookie). */
  private bin(name: string): string {
    const direct = path.join('/usr/lib/rabbitmq/bin', name);
    return existsSync(direct) ? direct : name;
  }
  async init(): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    writeFileSync(path.join(this.dir, 'enabled_plugins'), '[].\n');
    // The system's /etc/rabbitmq/rabbitmq.conf pins the shared listener (5672): our own file instead.
    writeFileSync(
      path.join(this.dir, 'rabbitmq.conf'),
      `listeners.tcp.local = 127.0.0.1:${this.port}\nloopback_users = none\n`,
    );
    writeFileSync(path.join(this.dir, 'rabbitmq-env.conf'), '');
    await this.start();
  }
  ctl(args: string[], timeoutMs = 120_000): Promise<string> {
    return run(this.bin('rabbitmqctl'), ['-n', this.node, ...args], { env: this.env(), timeoutMs });
  }
  async start(): Promise<void> {
    await run(this.bin('rabbitmq-server'), ['-detached'], { env: this.env() });
    // -detached returns at once; the node registers with epmd seconds later (await_startup before
    // that fails at once), so wait for the AMQP listener, which opens when the boot is done.
    if (!(await waitForPort('127.0.0.1', this.port, 180)))
      throw new Error(`the private RabbitMQ does not answer (logs in ${path.join(this.dir, 'log')})`);
    await this.ctl(['await_startup', '--timeout', '120'], 150_000);
  }
  async stop(): Promise<void> {
    await this.ctl(['stop']);
  }
  /** Queue name -> messages (ready + unacknowledged). */
  async queues(): Promise<Map<string, number>> {
    const out = await this.ctl(['list_queues', '-q', '--no-table-headers', 'name', 'messages']);
    const map = new Map<string, number>();
    for (const line of out.split('\n')) {
      const [name, n] = line.trim().split(/\s+/);
      if (name && n !== undefined) map.set(name, Number(n));
    }
    return map;
  }
}

export class PrivateRedis {
  private child?: ChildProcess;
  constructor(
    readonly dir: string,
    readonly port: number,
  ) {}
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }
  async start(): Promise<void> {
    mkdirSync(this.dir, { recursive: true });
    this.child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.dir,
      ],
      { stdio: 'ignore' },
    );
    if (!(await waitForPort('127.0.0.1', this.port, 30)))
      throw new Error('the private Redis does not answer');
  }
  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null) return;
    const exited = new Promise((r) => this.child!.once('exit', r));
    this.child.kill('SIGTERM');
    await exited;
  }
}

export interface PrivateInfra {
  root: string;
  postgres: PrivatePostgres;
  rabbit: PrivateRabbit;
  redis: PrivateRedis;
  /** Puts the URLs in process.env (GLEBA_POSTGRES_URL, ...), which scripts/system.mjs reads. */
  expose(): void;
  teardown(): Promise<void>;
}

export async function startPrivateInfra(
  say: (line: string) => void = () => undefined,
): Promise<PrivateInfra> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'gleba-faults-'));
  chmodSync(root, 0o755);
  const postgres = new PrivatePostgres(root, await freePort());
  const rabbit = new PrivateRabbit(root, await freePort(), await freePort());
  const redis = new PrivateRedis(path.join(root, 'redis'), await freePort());
  const started = Date.now();
  await Promise.all([postgres.init(), rabbit.init(), redis.start()]);
  say(
    `private PostgreSQL :${postgres.port}, RabbitMQ :${rabbit.port} (${rabbit.node}), Redis :${redis.port} in ${root} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  return {
    root,
    postgres,
    rabbit,
    redis,
    expose() {
      process.env.GLEBA_POSTGRES_URL = postgres.url;
      process.env.GLEBA_RABBITMQ_URL = rabbit.url;
      process.env.GLEBA_REDIS_URL = redis.url;
    },
    async teardown() {
      for (const step of [() => rabbit.stop(), () => postgres.stop('fast')]) {
        try {
          await step();
        } catch (error) {
          say(`teardown: ${(error as Error).message.split('\n')[0]}`);
        }
      }
      await redis.stop();
      if (!process.env.GLEBA_FAULTS_KEEP) rmSync(root, { recursive: true, force: true });
    },
  };
}
