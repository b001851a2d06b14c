import { sql, type Kysely } from 'kysely';
import { startTestService, testMessagingNames, type TestService } from '@gleba/testkit';
import type { BaseConfig, ServiceDefinition } from '@gleba/platform';
// The services side by side: only system tests may import several services.
import { identityService } from '../../../services/identity/src/service';
import { geoService } from '../../../services/geo/src/service';
import { ordersService } from '../../../services/orders/src/service';
import { labImportService } from '../../../services/lab-import/src/service';
import { shippingService } from '../../../services/shipping/src/service';
import { notificationService } from '../../../services/notification/src/service';

export const SERVICE_DEFS = {
  identity: identityService,
  geo: geoService,
  orders: ordersService,
  'lab-import': labImportService,
  shipping: shippingService,
  notification: notificationService,
} as const;
export type ServiceName = keyof typeof SERVICE_DEFS;
export const SERVICE_NAMES = Object.keys(SERVICE_DEFS) as ServiceName[];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- six services of six database types
type AnyService = TestService<any, BaseConfig>;

/** Every service in-process on one exchange; all but identity verify tokens with identity's keys. */
export async function startSixServices(label: string, smtpUrl: string) {
  const messaging = testMessagingNames(label);
  const running: Partial<Record<ServiceName, AnyService>> = {};
  const common = { CUSTOMER_APP_URL: 'http://app.test' };
  running.identity = (await startTestService(identityService, {
    messaging,
    config: { ...common, BCRYPT_COST: 10 },
  })) as AnyService;
  const jwks = `${running.identity.url}/.well-known/jwks.json`;
  const start = async (name: Exclude<ServiceName, 'identity'>, extra: Record<string, unknown> = {}) => {
    const def = SERVICE_DEFS[name] as unknown as ServiceDefinition<unknown, BaseConfig>;
    running[name] = (await startTestService(def, {
      messaging,
      config: { ...common, JWKS_URL: jwks, ...extra },
    })) as AnyService;
  };
  await start('geo');
  await start('orders');
  await start('lab-import');
  await start('shipping');
  await start('notification', { SMTP_URL: smtpUrl });
  const services = running as Record<ServiceName, AnyService>;
  return {
    messaging,
    services,
    url: (name: ServiceName) => services[name].url,
    db: (name: ServiceName) => services[name].ctx.db as Kysely<unknown>,
    stop: async () => {
      for (const name of [...SERVICE_NAMES].reverse()) await services[name]?.cleanup();
    },
  };
}

/**
 * Where a text occurs in a database: every row of every table, read as text (jsonb and bytea
 * included), searched case-insensitively. Returns `table: first row` for each table that has it.
 */
export async function findText(db: Kysely<unknown>, needle: string): Promise<string[]> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'`.execute(db);
  const found: string[] = [];
  for (const { name } of tables.rows) {
    const r = await sql<{
      row: string;
    }>`select t::text as row from ${sql.table(name)} t where t::text ilike ${`%${needle}%`} limit 1`.execute(
      db,
    );
    if (r.rows[0]) found.push(`${name}: ${r.rows[0].row.slice(0, 400)}`);
  }
  return found;
}
