import { sql, type Kysely } from 'kysely';
import type { TProfileBody, TRegisterBody } from '@gleba/contracts';
import {
  dropTestDatabases,
  http,
  listenForEvents,
  startTestService,
  testMessagingNames,
  type EventListener,
  type HttpResult,
} from '@gleba/testkit';
// The services side by side: only tests under tests/ may import several services.
import { identityService } from '../../../services/identity/src/service';
import { DEMO_ADMIN, seed } from '../../../services/identity/src/seed';
import { geoService } from '../../../services/geo/src/service';
import { ordersService } from '../../../services/orders/src/service';
import { labImportService } from '../../../services/lab-import/src/service';
import { shippingService } from '../../../services/shipping/src/service';
import { notificationService } from '../../../services/notification/src/service';
import { startGateway } from '../../../services/gateway/src/gateway';
import { startDpdSimulator } from '../../../infra/simulators/src/dpd';
import { ZGatewayConfig } from '../../../services/gateway/src/config';
import type { Database as IdentityDatabase } from '../../../services/identity/src/db/database';
import type { Database as GeoDatabase } from '../../../services/geo/src/db/database';
import type { Database as OrdersDatabase } from '../../../services/orders/src/db/database';
import type { Database as LabImportDatabase } from '../../../services/lab-import/src/db/database';
import type { Database as ShippingDatabase } from '../../../services/shipping/src/db/database';
import type { Database as NotificationDatabase } from '../../../services/notification/src/db/database';

export interface Running<DB> {
  url: string;
  ctx: { db: Kysely<DB>; config: { REDIS_URL: string; REDIS_PREFIX: string } };
  cleanup: () => Promise<void>;
}

/** Each service with its own database's tables. */
export interface StackServices {
  identity: Running<IdentityDatabase>;
  geo: Running<GeoDatabase>;
  orders: Running<OrdersDatabase>;
  'lab-import': Running<LabImportDatabase>;
  shipping: Running<ShippingDatabase>;
  notification: Running<NotificationDatabase>;
}

export interface Actor {
  label: string;
  email: string;
  password: string;
  userId: string;
  accessToken: string;
  refreshToken: string;
}

export interface Stack {
  gateway: string;
  services: StackServices;
  messaging: { exchange: string; queuePrefix: string };
  events: EventListener;
  /** A request through the gateway. */
  call<T = unknown>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<HttpResult<T>>;
  stop(): Promise<void>;
}

export const PASSWORD = 'Gleba123!x';

/** Starts the six services in-process (one shared exchange, own databases) and the gateway in front. */
export async function startStack(
  label: string,
  options: { upstreamTimeoutMs?: number } = {},
): Promise<Stack> {
  const messaging = testMessagingNames(`abuse-${label}`);
  const events = await listenForEvents(messaging.exchange);
  const identity = await startTestService(identityService, {
    messaging,
    // A higher login limit per IP: every request of the suite comes from 127.0.0.1.
    config: {
      BCRYPT_COST: 10,
      CUSTOMER_APP_URL: 'http://app.test',
      LOGIN_LIMIT_PER_IP: 1000,
      RESET_LIMIT_PER_IP: 1000,
    },
  });
  const JWKS_URL = `${identity.url}/.well-known/jwks.json`;
  // DPD's simulator: real shipments (labels, drop-off codes) for the authorization matrix.
  const dpd = await startDpdSimulator();
  const [geo, orders, lab, shipping, notification] = await Promise.all([
    startTestService(geoService, { messaging, config: { JWKS_URL } }),
    startTestService(ordersService, { messaging, config: { JWKS_URL } }),
    startTestService(labImportService, { messaging, config: { JWKS_URL } }),
    startTestService(shippingService, {
      messaging,
      config: {
        JWKS_URL,
        DPD_URL: dpd.url,
        DPD_INFO_URL: dpd.url,
        DPD_PUDO_URL: dpd.url,
        DPD_LOGIN: dpd.login,
        DPD_PASSWORD: dpd.password,
        DPD_FID: dpd.fid,
        DPD_PUDO_KEY: dpd.pudoKey,
      },
    }),
    startTestService(notificationService, {
      messaging,
      config: { JWKS_URL, SMTP_URL: 'smtp://127.0.0.1:9', CUSTOMER_APP_URL: 'http://app.test' },
    }),
  ]);
  const gw = await startGateway(
    ZGatewayConfig.parse({
      PORT: 0,
      JWKS_URL,
      LOG_LEVEL: 'silent',
      // Identity's Redis and prefix, as in a deployment: the gateway reads identity's suspension marks.
      REDIS_URL: identity.ctx.config.REDIS_URL,
      REDIS_PREFIX: identity.ctx.config.REDIS_PREFIX,
      RATE_LIMIT_IP: 10_000_000,
      RATE_LIMIT_ACCOUNT: 10_000_000,
      ...(options.upstreamTimeoutMs ? { UPSTREAM_TIMEOUT_MS: options.upstreamTimeoutMs } : {}),
      IDENTITY_URL: identity.url,
      GEO_URL: geo.url,
      ORDERS_URL: orders.url,
      LAB_IMPORT_URL: lab.url,
      SHIPPING_URL: shipping.url,
      NOTIFICATION_URL: notification.url,
    }),
  );
  const services: StackServices = { identity, geo, orders, 'lab-import': lab, shipping, notification };
  return {
    gateway: gw.url,
    services,
    messaging,
    events,
    call: (method, path, options) => http(gw.url, method, path, options),
    async stop() {
      // Each part gets 30 s to stop; one that does not is named (a shutdown bug to look at) and the
      // rest still stop, so a slow part on a loaded machine does not fail the suite's hook.
      const within = async (name: string, work: () => Promise<unknown>) => {
        let timer: NodeJS.Timeout | undefined;
        const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), 30_000)));
        const outcome = await Promise.race([work().catch(() => undefined), late]);
        clearTimeout(timer);
        if (outcome === 'late') console.warn(`[abuse stack] ${name} did not stop within 30 s`);
      };
      await within('gateway', () => gw.stop());
      for (const [name, s] of Object.entries(services).reverse()) await within(name, () => s.cleanup());
      await within('event listener', () => events.close());
      await within('DPD simulator', () => dpd.close());
      await within('test databases', () => dropTestDatabases());
    },
  };
}

let seq = 0;
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now().toString(36)}.${seq++}@example.com`;
}

export function registerBody(email: string, overrides: Partial<TRegisterBody> = {}): TRegisterBody {
  return {
    firstName: 'Jan',
    lastName: 'Kowalski',
    email,
    phoneNumber: '600 100 200',
    genderType: 'MAN',
    password: PASSWORD,
    confirmPassword: PASSWORD,
    termsAccepted: true,
    privacyPolicyAccepted: true,
    newsletterConsent: false,
    language: 'en',
    ...overrides,
  };
}

export function profileBody(): TProfileBody {
  return {
    serviceRole: 'PERSONAL',
    personalData: {
      firstName: 'Jan',
      lastName: 'Kowalski',
      genderType: 'MAN',
      phoneNumber: '+48600100200',
      taxNumber: null,
      address: {
        voivodeship: 'GREATER_POLAND',
        cityName: 'Poznań',
        postCode: '60-101',
        streetName: 'Polna',
        buildingNumber: '12',
        apartmentNumber: null,
      },
    },
    businessData: null,
    correspondenceAddress: { addressSource: 'PERSONAL_DATA', address: null },
  } as TProfileBody;
}

function expectOk<T>(what: string, res: HttpResult<T>): T {
  if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

/** Registers and activates a user (the activation token comes from identity's event). */
export async function createUser(
  stack: Stack,
  label: string,
  overrides: Partial<TRegisterBody> = {},
): Promise<Actor> {
  const email = uniqueEmail(label);
  const registered = expectOk(
    'register',
    await stack.call<{ id: string }>('POST', '/api/auth/register', { body: registerBody(email, overrides) }),
  );
  const event = await stack.events.next<{ email: string; token: string }>(
    'identity.activation-link.requested',
    (e) => e.data.email === email,
    30_000,
  );
  const tokens = expectOk(
    'activate',
    await stack.call<{ accessToken: string; refreshToken: string }>(
      'GET',
      `/api/auth/activate/${event.data.token}`,
    ),
  );
  return { label, email, password: PASSWORD, userId: registered.id, ...tokens };
}

/** The seeded admin (identity's own seed function, as `npm run seed` does), signed in through the admin login. */
export async function createAdmin(stack: Stack): Promise<Actor> {
  await seed(stack.services.identity.ctx.db, { bcryptCost: 10 });
  const tokens = expectOk(
    'admin login',
    await stack.call<{ accessToken: string; refreshToken: string }>('POST', '/farm-api/auth/admin/login', {
      body: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    }),
  );
  const me = expectOk(
    'admin me',
    await stack.call<{ id: string }>('GET', '/api/users/me', { token: tokens.accessToken }),
  );
  return { label: 'admin', email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, userId: me.id, ...tokens };
}

export async function suspend(stack: Stack, admin: Actor, user: Actor): Promise<void> {
  expectOk(
    'suspend',
    await stack.call('POST', `/farm-api/users/${user.userId}/suspend`, {
      token: admin.accessToken,
      body: { reason: 'abuse test' },
    }),
  );
}

/** Row counts of every table of a service's database (to prove that refused requests changed nothing). */
export async function rowCounts(db: Kysely<unknown>): Promise<Record<string, number>> {
  const tables = await sql<{
    table_name: string;
  }>`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(
    db,
  );
  const out: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const r = await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table_name)}`.execute(db);
    out[table_name] = Number(r.rows[0]!.n);
  }
  return out;
}

export { expectOk };
