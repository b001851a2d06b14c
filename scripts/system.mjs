// The local system's layout: ports and the environment each process gets from `npm start`
// (and from the end-to-end, fault and load suites, which start the same system on other ports,
// databases, exchange, queues and Redis keys). Every value of the default layout can be overridden
// from the environment; real provider endpoints are configuration, simulators are the default.

export const GATEWAY_PORT = Number(process.env.GLEBA_GATEWAY_PORT ?? 8080);

export const SERVICES = [
  { name: 'identity', port: 3001 },
  { name: 'geo', port: 3002 },
  { name: 'orders', port: 3003 },
  { name: 'lab-import', port: 3004 },
  { name: 'shipping', port: 3005 },
  { name: 'notification', port: 3006 },
];

export const SIMULATORS = [
  { name: 'dpd', port: 4101 },
  { name: 'przelewy24', port: 4102 },
  { name: 'uldk', port: 4103 },
  { name: 'oidc', port: 4104 },
  { name: 'twilio', port: 4105 },
  { name: 'open-meteo', port: 4106 },
  { name: 'wordpress', port: 4107 },
  { name: 'mail', port: 1025 },
];

/** The mail simulator's web inbox (maildev's UI and REST API: GET /email). */
export const MAIL_WEB_PORT = 1080;

export function infraUrls() {
  return {
    postgres: process.env.GLEBA_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    rabbitmq: process.env.GLEBA_RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
    redis: process.env.GLEBA_REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

/**
 * A whole system's placement. `name` prefixes the databases (`<name>_<service>`), the exchange
 * (`<name>.events`), the queues and the Redis keys; `offset` is added to every port. The default
 * (`gleba`, 0) is what `npm start` runs; test suites use their own so they never meet it.
 */
export function systemLayout({ name = 'gleba', offset = 0 } = {}) {
  const gatewayPort = (offset ? 8080 : GATEWAY_PORT) + offset;
  return {
    name,
    offset,
    gatewayPort,
    services: SERVICES.map((s) => ({ ...s, port: s.port + offset })),
    simulators: SIMULATORS.map((s) => ({ ...s, port: s.port + offset })),
    mailWebPort: MAIL_WEB_PORT + offset,
    publicUrl: offset
      ? `http://localhost:${gatewayPort}`
      : (process.env.GLEBA_PUBLIC_URL ?? `http://localhost:${gatewayPort}`),
  };
}

const DEFAULT_LAYOUT = systemLayout();

/** Settings every process shares; each service reads the ones it knows (zod drops the rest). */
export function commonEnv(layout = DEFAULT_LAYOUT) {
  const infra = infraUrls();
  const sim = (name) => `http://127.0.0.1:${layout.simulators.find((s) => s.name === name).port}`;
  const svc = (name) => `http://127.0.0.1:${layout.services.find((s) => s.name === name).port}`;
  return {
    RABBITMQ_URL: infra.rabbitmq,
    REDIS_URL: infra.redis,
    EVENTS_EXCHANGE: `${layout.name}.events`,
    QUEUE_PREFIX: layout.name,
    REDIS_PREFIX: layout.name,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    JWKS_URL: `${svc('identity')}/.well-known/jwks.json`,
    CUSTOMER_APP_URL: layout.publicUrl,
    ADMIN_APP_URL: `${layout.publicUrl}/admin`,
    PUBLIC_API_URL: `${layout.publicUrl}/api`,
    // External providers: simulators by default.
    DPD_URL: sim('dpd'),
    DPD_INFO_URL: sim('dpd'),
    DPD_PUDO_URL: sim('dpd'),
    P24_URL: sim('przelewy24'),
    ULDK_URL: sim('uldk'),
    // The cadastral overlay (geo's /api/cadastre/wms) draws the same parcels as ULDK (decision 0053).
    CADASTRE_WMS_URL: `${sim('uldk')}/wms`,
    OIDC_BASE_URL: sim('oidc'),
    TWILIO_API_URL: sim('twilio'),
    OPEN_METEO_URL: sim('open-meteo'),
    CMS_URL: sim('wordpress'),
    // The DPD simulator moves each parcel one tracking step per this many ms (decision 0045); in
    // `npm start`'s system shipping also polls DPD every minute, so the demo's parcels move while
    // you watch (suites keep the service's own interval and move parcels themselves).
    DPD_SIM_TRACKING_STEP_MS: process.env.DPD_SIM_TRACKING_STEP_MS ?? '120000',
    ...(layout.offset === 0 ? { TRACKING_POLL_MS: process.env.TRACKING_POLL_MS ?? '60000' } : {}),
    SMTP_URL: `smtp://127.0.0.1:${layout.simulators.find((s) => s.name === 'mail').port}`,
    ...Object.fromEntries(
      layout.services.map((s) => [`${s.name.toUpperCase().replace(/-/g, '_')}_URL`, svc(s.name)]),
    ),
  };
}

/** The database of one service in a layout (`GLEBA_<NAME>_DATABASE_URL` overrides the default's). */
export function databaseUrl(serviceName, layout = DEFAULT_LAYOUT) {
  const key = serviceName.toUpperCase().replace(/-/g, '_');
  if (layout.offset === 0 && process.env[`GLEBA_${key}_DATABASE_URL`])
    return process.env[`GLEBA_${key}_DATABASE_URL`];
  const db = new URL(infraUrls().postgres);
  db.pathname = `/${layout.name}_${serviceName.replace(/-/g, '_')}`;
  return db.toString();
}

/** Per-service settings of how the process runs. lab-import's old space is capped (it otherwise
 * grows before V8 collects it) and its young generation kept small (each semi-space at most 8 MB
 * instead of 16), so a workbook import keeps a bounded resident size (figures in
 * bench/results/lab-import.md). docker-compose.yml and infra/k8s run it with the same flags. */
const PROCESS_ENV = { 'lab-import': { NODE_OPTIONS: '--max-old-space-size=192 --max-semi-space-size=8' } };

/** One process's environment. In the default layout the caller's environment overrides the common
 * settings; in a test layout the layout wins (a suite must never reach `npm start`'s system).
 * Name, port and own database always come last. */
export function serviceEnv(svc, layout = DEFAULT_LAYOUT) {
  const common = commonEnv(layout);
  return {
    ...(layout.offset === 0 ? { ...common, ...process.env } : { ...process.env, ...common }),
    ...(PROCESS_ENV[svc.name] ?? {}),
    SERVICE_NAME: svc.name,
    PORT: String(svc.port),
    DATABASE_URL: databaseUrl(svc.name, layout),
  };
}
