import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../src/db/database';
import { seed } from '../src/seed';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('orders in production', () => {
  it('refuses to start on the simulator defaults of Przelewy24 (P24_CRC=simulator-crc), naming each variable', () => {
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/gleba_orders_never_used',
      P24_MERCHANT_ID: '123',
      P24_POS_ID: '123',
    };
    const run = spawnSync(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'services/orders/src/main.ts')],
      { env, encoding: 'utf8', timeout: 60_000 },
    );
    expect(run.status).toBe(78);
    expect(run.stderr).toContain('missing environment variable P24_API_KEY');
    expect(run.stderr).toContain('missing environment variable P24_CRC');
    expect(run.stderr).not.toContain('P24_MERCHANT_ID');
  });

  it('the demo seed (predictable paid kit codes) refuses to run there, before touching the database', async () => {
    const untouchable = new Proxy({} as Kysely<Database>, {
      get: () => {
        throw new Error('the database was used');
      },
    });
    await expect(seed(untouchable, { NODE_ENV: 'production' })).rejects.toThrow(/production/);
  });
});
