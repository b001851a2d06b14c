import net from 'node:net';
import { testEnv } from './env';

function answers(url: string, fallbackPort: number): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(u.port || fallbackPort), u.hostname);
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

async function dockerAnswers(): Promise<boolean> {
  const { execFile } = await import('node:child_process');
  return new Promise((resolve) =>
    execFile('docker', ['info'], { timeout: 5000 }, (error) => resolve(!error)),
  );
}

/**
 * Vitest global setup: the real services must answer. Where one does not and Docker answers,
 * it is started with testcontainers; otherwise the run stops with how to start it.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const services = [
    {
      name: 'PostgreSQL',
      url: testEnv.postgresUrl,
      port: 5432,
      env: 'GLEBA_TEST_POSTGRES_URL',
      start: 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start',
    },
    {
      name: 'RabbitMQ',
      url: testEnv.rabbitmqUrl,
      port: 5672,
      env: 'GLEBA_TEST_RABBITMQ_URL',
      start: 'rabbitmq-server -detached',
    },
    {
      name: 'Redis',
      url: testEnv.redisUrl,
      port: 6379,
      env: 'GLEBA_TEST_REDIS_URL',
      start: 'redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no',
    },
  ];
  const stops: (() => Promise<void>)[] = [];
  for (const s of services) {
    if (await answers(s.url, s.port)) continue;
    if (await dockerAnswers()) {
      const { startContainer } = await import('./containers');
      const started = await startContainer(s.name);
      process.env[s.env] = started.url;
      stops.push(started.stop);
      continue;
    }
    throw new Error(
      `${s.name} does not answer at ${s.url} and Docker is not available. Start it with: ${s.start}`,
    );
  }
  return async () => {
    for (const stop of stops) await stop();
  };
}
