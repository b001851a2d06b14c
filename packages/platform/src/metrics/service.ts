import type { Channel, ChannelModel } from 'amqplib';
import { UnrecoverableError } from 'bullmq';
import type { Jobs } from '../jobs/jobs';
import type { AmqpConnection } from '../messaging/connection';
import type { EventConsumer } from '../messaging/consumer';
import type { OutboxRelay } from '../messaging/relay';
import { onScrape, platformMetrics, safely } from './registry';

export interface ServiceMetricsSources {
  service: string;
  relay: OutboxRelay;
  consumer: EventConsumer<unknown>;
  amqp: AmqpConnection;
  jobs: Jobs;
  /** Timeout of each scrape-time read (backlog query, queue check). */
  timeoutMs?: number;
}

/**
 * Wires a service's messaging and jobs into the process registry: outbox backlog (read at scrape
 * time) and events published, consumer handled / dead-lettered / in flight and the depth of its
 * queue (passive `checkQueue` at scrape time), and final job failures per queue. Counters are read
 * from the components' own tallies, so the components know nothing of Prometheus. Returns what
 * unregisters the scrape-time work (on stop).
 */
export async function instrumentService(sources: ServiceMetricsSources): Promise<() => void> {
  const { service, relay, consumer, amqp, jobs } = sources;
  const m = platformMetrics();
  const timeoutMs = sources.timeoutMs ?? 1500;
  const seen = { published: relay.published, handled: consumer.handled, deadLettered: consumer.deadLettered };
  // Labelled series exist from the start (a rate over a counter needs its zero).
  safely(() => {
    m.eventsPublished.inc({ service }, 0);
    m.eventsHandled.inc({ service }, 0);
    m.eventsDeadLettered.inc({ service }, 0);
  });

  const counters = () =>
    safely(() => {
      const delta = (now: number, key: keyof typeof seen) => {
        const d = now - seen[key];
        seen[key] = now;
        return d > 0 ? d : 0;
      };
      m.eventsPublished.inc({ service }, delta(relay.published, 'published'));
      m.eventsHandled.inc({ service }, delta(consumer.handled, 'handled'));
      m.eventsDeadLettered.inc({ service }, delta(consumer.deadLettered, 'deadLettered'));
      m.consumerInflight.set({ service }, consumer.busy);
    });

  const unregister: (() => void)[] = [];
  unregister.push(onScrape('consumer', service, async () => counters(), timeoutMs));
  unregister.push(
    onScrape(
      'outbox',
      service,
      async () => {
        const backlog = await relay.backlog();
        m.outboxBacklog.set({ service }, backlog);
      },
      timeoutMs,
    ),
  );

  // Queue depth: a plain channel of its own per scrape, so a failed passive check (a 404 closes
  // the channel) never touches the service's confirm channels or recycles its connection.
  let model: ChannelModel | null = null;
  const queue = consumer.names.queue;
  let consumes = true;
  try {
    consumes = (consumer as unknown as { handlers?: Map<string, unknown> }).handlers?.size !== 0;
  } catch {
    consumes = true;
  }
  if (consumes) {
    await amqp
      .onConnect(async (connected) => {
        model = connected;
        connected.once('close', () => {
          if (model === connected) model = null;
        });
      })
      .catch(() => undefined);
    unregister.push(
      onScrape(
        'queue',
        service,
        async () => {
          const current = model;
          if (!current) throw new Error('not connected');
          let channel: Channel | null = null;
          try {
            channel = await current.createChannel();
            channel.on('error', () => undefined);
            const ok = await channel.checkQueue(queue);
            m.consumerLag.set({ service, queue }, ok.messageCount);
          } finally {
            await channel?.close().catch(() => undefined);
          }
        },
        timeoutMs,
      ),
    );
  }

  instrumentJobs(jobs, service);
  return () => {
    for (const u of unregister) u();
  };
}

/**
 * Counts final job failures per queue: the same rule as the failed-finally path of `Jobs.worker`
 * (an unrecoverable error, or no attempts left), on every worker the service creates.
 */
export function instrumentJobs(jobs: Jobs, service: string): void {
  const original = jobs.worker.bind(jobs);
  jobs.worker = ((...args: Parameters<Jobs['worker']>) => {
    const worker = original(...args);
    const queue = String(args[0]);
    safely(() => platformMetrics().jobFailures.inc({ service, queue }, 0));
    worker.on('failed', (job, error) => {
      safely(() => {
        if (!job) return;
        const final = error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
        if (final) platformMetrics().jobFailures.inc({ service, queue });
      });
    });
    return worker;
  }) as Jobs['worker'];
}
