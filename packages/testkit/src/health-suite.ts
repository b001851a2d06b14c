import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BaseConfig, ServiceDefinition } from '@gleba/platform';
import { dropTestDatabases } from './database';
import { http } from './http';
import { startTestService, type TestService, type TestServiceOptions } from './service';

/** The checks every service passes: live, ready (database, broker, Redis), unknown route -> error body. */
export function describeServiceHealth<DB, C extends BaseConfig>(
  def: ServiceDefinition<DB, C>,
  options: TestServiceOptions<C> = {},
): void {
  describe(`${def.name} service`, () => {
    let service: TestService<DB, C>;

    beforeAll(async () => {
      service = await startTestService(def, options);
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
}
