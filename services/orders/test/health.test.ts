import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropTestDatabases, http, startTestService, type TestService } from '@gleba/testkit';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { ordersService } from '../src/service';

describe('orders service', () => {
  let service: TestService<Database, Config>;

  beforeAll(async () => {
    service = await startTestService(ordersService);
  });
  afterAll(async () => {
    await service?.cleanup();
    await dropTestDatabases();
  });

  it('is live and ready (database, broker, Redis)', async () => {
    expect((await http(service.url, 'GET', '/health/live')).status).toBe(200);
    const ready = await http<{ status: string }>(service.url, 'GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('ok');
  });

  it('answers an unknown route with the error body', async () => {
    const res = await http(service.url, 'GET', '/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'routeNotFound' });
  });
});
