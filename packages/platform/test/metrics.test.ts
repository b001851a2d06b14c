import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PingV1, QueueName } from '@gleba/contracts';
import { z } from 'zod';
import {
  defineJob,
  normalizePath,
  on,
  onScrape,
  renderMetrics,
  route,
  type ServiceDefinition,
} from '@gleba/platform';
import { dropTestDatabases, http, startTestService, waitFor, type TestService } from '@gleba/testkit';
import type { BaseConfig } from '@gleba/platform';

interface DB {
  outbox: { id: string };
}

const FailingJob = defineJob({
  queue: QueueName.platformPing,
  name: 'metrics-fail',
  version: 1,
  schema: z.object({ n: z.number() }),
  attempts: 2,
  backoffMs: 10,
});

const def: ServiceDefinition<DB, BaseConfig> = {
  name: 'metrics-probe',
  migrations: {},
  routes: (app, ctx) => {
    app.get(
      '/items/:id',
      route({}, ({ req }) => ({ id: req.params.id })),
    );
    app.post(
      '/pings',
      route({}, async () => {
        await ctx.db
          .transaction()
          .execute((trx) => ctx.outbox.publish(trx, PingV1, { seq: 1, from: 'metrics' }));
        return { ok: true };
      }),
    );
  },
  handlers: () => [on(PingV1, async () => undefined)],
  start: async (ctx) => {
    ctx.jobs.worker(QueueName.platformPing, [
      {
        def: FailingJob,
        process: async () => {
          throw new Error('always fails');
        },
      },
    ]);
  },
};

describe('metrics', () => {
  let svc: TestService<DB, BaseConfig>;

  beforeAll(async () => {
    svc = await startTestService(def);
  });

  afterAll(async () => {
    await svc?.cleanup();
    await dropTestDatabases();
  });

  it('normalises ids out of paths', () => {
    expect(normalizePath('/orders/6f1c2b1e-8a34-4c2e-9b1a-2f3e4d5c6b7a/items/42?x=1')).toBe(
      '/orders/:id/items/:id',
    );
    expect(normalizePath('/shipments/DPD0001234567/label')).toBe('/shipments/:id/label');
    expect(normalizePath('/a/b/c/d/e/f')).toBe('/a/b/c/d/…');
  });

  it('serves /metrics with default, request, outbox and consumer metrics', async () => {
    expect((await http(svc.url, 'GET', '/items/12345')).status).toBe(200);
    expect((await http(svc.url, 'GET', '/items/abc-999999')).status).toBe(200);
    expect((await http(svc.url, 'GET', '/nothing/here/777')).status).toBe(404);
    expect((await http(svc.url, 'POST', '/pings', { body: {} })).status).toBe(200);

    const res = await fetch(`${svc.url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toMatch(
      /gleba_http_requests_total\{service="metrics-probe",method="GET",route="\/items\/:id",status="200"\} 2/,
    );
    expect(text).toMatch(
      /gleba_http_requests_total\{service="metrics-probe",method="GET",route="unmatched",status="404"\} 1/,
    );
    expect(text).not.toContain('12345');
    expect(text).toMatch(/gleba_http_request_duration_seconds_bucket\{le="[0-9.]+",service="metrics-probe"/);
    expect(text).toMatch(/gleba_outbox_backlog\{service="metrics-probe"\} \d+/);
    expect(text).toMatch(/gleba_consumer_queue_depth\{service="metrics-probe",queue="[^"]+"\} \d+/);
    expect(text).toMatch(/gleba_consumer_inflight\{service="metrics-probe"\} \d+/);

    // The published event comes back to the service's own consumer: counters follow.
    await waitFor(async () => {
      const t = await (await fetch(`${svc.url}/metrics`)).text();
      return /gleba_outbox_events_published_total\{service="metrics-probe"\} 1/.test(t) &&
        /gleba_consumer_events_handled_total\{service="metrics-probe"\} 1/.test(t) &&
        /gleba_outbox_backlog\{service="metrics-probe"\} 0/.test(t)
        ? t
        : null;
    });
  });

  it('counts jobs that failed finally, per queue (not the attempts that will be retried)', async () => {
    await svc.ctx.jobs.add(FailingJob, { n: 1 });
    await waitFor(async () => {
      const t = await (await fetch(`${svc.url}/metrics`)).text();
      return /gleba_job_failures_total\{service="metrics-probe",queue="platform-ping"\} 1\b/.test(t)
        ? t
        : null;
    });
  });

  it('answers a scrape even when a collector fails or hangs (counted, never thrown)', async () => {
    const off = [
      onScrape('broken', 'metrics-probe', async () => {
        throw new Error('database down');
      }),
      onScrape('hanging', 'metrics-probe', () => new Promise<void>(() => undefined), 50),
    ];
    try {
      const { body } = await renderMetrics();
      expect(body).toMatch(/gleba_metrics_collect_errors_total\{service="metrics-probe",source="broken"\} 1/);
      expect(body).toMatch(
        /gleba_metrics_collect_errors_total\{service="metrics-probe",source="hanging"\} 1/,
      );
    } finally {
      off.forEach((o) => o());
    }
  });

  it('with METRICS_PORT serves /metrics only on that port, not on the service port', async () => {
    const own = await startTestService(def, { config: { METRICS_PORT: 0 } });
    try {
      expect(own.metricsUrl).not.toBe(own.url);
      const res = await fetch(`${own.metricsUrl}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('gleba_http_requests_total');
      expect((await fetch(`${own.url}/metrics`)).status).toBe(404);
      expect((await fetch(`${own.metricsUrl}/health/live`)).status).toBe(404);
      expect(svc.metricsUrl).toBe(svc.url);
    } finally {
      await own.cleanup();
    }
  });
});
