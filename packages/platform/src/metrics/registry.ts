import type { RequestHandler } from 'express';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * One Prometheus registry per process. Metrics carry a `service` label instead of default labels,
 * so tests that run several services in one process still get one consistent registry.
 */
let registry: Registry | null = null;

export function metricsRegistry(): Registry {
  if (!registry) {
    registry = new Registry();
    try {
      collectDefaultMetrics({ register: registry });
    } catch {
      // Default metrics are a nicety; never fail a service because of them.
    }
  }
  return registry;
}

type Collect = () => Promise<void>;
const collectors = new Set<Collect>();

/**
 * Registers work done at scrape time (backlog, queue depth). It runs with a timeout and its errors
 * are counted, never thrown: a scrape always answers. Returns what unregisters it.
 */
export function onScrape(source: string, service: string, collect: Collect, timeoutMs = 1500): () => void {
  const wrapped: Collect = async () => {
    try {
      await withTimeout(collect(), timeoutMs);
    } catch {
      safely(() => platformMetrics().collectErrors.inc({ service, source }));
    }
  };
  collectors.add(wrapped);
  return () => void collectors.delete(wrapped);
}

export async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs a metric update; a metrics bug never reaches a request, a message or a job. */
export function safely(fn: () => void): void {
  try {
    fn();
  } catch {
    // ignored on purpose
  }
}

function createPlatformMetrics(r: Registry) {
  return {
    httpRequests: new Counter({
      name: 'gleba_http_requests_total',
      help: 'HTTP requests answered, by route pattern (ids never appear) and status.',
      labelNames: ['service', 'method', 'route', 'status'] as const,
      registers: [r],
    }),
    httpDuration: new Histogram({
      name: 'gleba_http_request_duration_seconds',
      help: 'HTTP request latency in seconds, by route pattern and status.',
      labelNames: ['service', 'method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [r],
    }),
    outboxBacklog: new Gauge({
      name: 'gleba_outbox_backlog',
      help: 'Outbox rows not yet published to the broker (read at scrape time).',
      labelNames: ['service'] as const,
      registers: [r],
    }),
    eventsPublished: new Counter({
      name: 'gleba_outbox_events_published_total',
      help: 'Events published by the outbox relay and confirmed by the broker.',
      labelNames: ['service'] as const,
      registers: [r],
    }),
    eventsHandled: new Counter({
      name: 'gleba_consumer_events_handled_total',
      help: 'Events handled by the consumer (committed and acked).',
      labelNames: ['service'] as const,
      registers: [r],
    }),
    eventsDeadLettered: new Counter({
      name: 'gleba_consumer_events_dead_lettered_total',
      help: 'Events dead-lettered by the consumer (poison, or retries exhausted).',
      labelNames: ['service'] as const,
      registers: [r],
    }),
    consumerInflight: new Gauge({
      name: 'gleba_consumer_inflight',
      help: 'Events being handled right now.',
      labelNames: ['service'] as const,
      registers: [r],
    }),
    consumerLag: new Gauge({
      name: 'gleba_consumer_queue_depth',
      help: "Messages ready in the service's queue (consumer lag; passive checkQueue at scrape time).",
      labelNames: ['service', 'queue'] as const,
      registers: [r],
    }),
    jobFailures: new Counter({
      name: 'gleba_job_failures_total',
      help: 'Jobs that failed finally (out of attempts or unrecoverable), by queue.',
      labelNames: ['service', 'queue'] as const,
      registers: [r],
    }),
    upstreamErrors: new Counter({
      name: 'gleba_gateway_upstream_errors_total',
      help: 'Gateway requests a service did not answer properly (502 bad gateway, 503 unavailable, 504 timeout), by service.',
      labelNames: ['service', 'status'] as const,
      registers: [r],
    }),
    collectErrors: new Counter({
      name: 'gleba_metrics_collect_errors_total',
      help: 'Scrape-time collections that failed or timed out (the previous value is kept).',
      labelNames: ['service', 'source'] as const,
      registers: [r],
    }),
  };
}

export type PlatformMetrics = ReturnType<typeof createPlatformMetrics>;
let metrics: PlatformMetrics | null = null;

/** The platform's metrics, created once in the process registry. */
export function platformMetrics(): PlatformMetrics {
  if (!metrics) metrics = createPlatformMetrics(metricsRegistry());
  return metrics;
}

/** Runs every scrape-time collector, then renders the registry. Never rate-limited or authenticated. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  const r = metricsRegistry();
  platformMetrics();
  await Promise.all([...collectors].map((c) => c()));
  return { contentType: r.contentType, body: await r.metrics() };
}

/** `GET /metrics` in the Prometheus text format. */
export function metricsHandler(): RequestHandler {
  return (_req, res) => {
    renderMetrics().then(
      ({ contentType, body }) => {
        res.setHeader('content-type', contentType);
        res.setHeader('cache-control', 'no-store');
        res.send(body);
      },
      (error: unknown) => {
        res
          .status(500)
          .type('text/plain')
          .send(`# metrics unavailable: ${(error as Error)?.message ?? String(error)}\n`);
      },
    );
  };
}
