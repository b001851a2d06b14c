// The local system's layout: ports and the environment each process gets from `npm start`
// (and from the end-to-end suites, which start the same system). Every value can be overridden
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

export function infraUrls() {
  return {
    postgres: process.env.GLEBA_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    rabbitmq: process.env.GLEBA_RABBITMQ_URL ?? 'amqp://guest:guest@127.0.0.1:5672',
    redis: process.env.GLEBA_REDIS_URL ?? 'redis://127.0.0.1:6379',
  };
}

const sim = (port) => `http://127.0.0.1:${port}`;
const publicUrl = process.env.GLEBA_PUBLIC_URL ?? `http://localhost:${GATEWAY_PORT}`;

/** Settings every process shares; each service reads the ones it knows (zod drops the rest). */
export function commonEnv() {
  const infra = infraUrls();
  return {
    RABBITMQ_URL: infra.rabbitmq,
    REDIS_URL: infra.redis,
    EVENTS_EXCHANGE: 'gleba.events',
    QUEUE_PREFIX: 'gleba',
    REDIS_PREFIX: 'gleba',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    JWKS_URL: 'http://127.0.0.1:3001/.well-known/jwks.json',
    CUSTOMER_APP_URL: publicUrl,
    ADMIN_APP_URL: `${publicUrl}/admin`,
    PUBLIC_API_URL: `${publicUrl}/api`,
    // External providers: simulators by default.
    DPD_URL: sim(4101),
    DPD_INFO_URL: sim(4101),
    DPD_PUDO_URL: sim(4101),
    P24_URL: sim(4102),
    ULDK_URL: sim(4103),
    OIDC_BASE_URL: sim(4104),
    TWILIO_API_URL: sim(4105),
    OPEN_METEO_URL: sim(4106),
    CMS_URL: sim(4107),
    SMTP_URL: 'smtp://127.0.0.1:1025',
    ...Object.fromEntries(SERVICES.map((s) => [`${s.name.toUpperCase().replace(/-/g, '_')}_URL`, `http://127.0.0.1:${s.port}`])),
  };
}

/** One process's environment: the common settings, then the caller's environment, then what must
 * differ per process (its name, port and own database; `GLEBA_<NAME>_DATABASE_URL` overrides it). */
export function serviceEnv(svc) {
  const key = svc.name.toUpperCase().replace(/-/g, '_');
  const db = new URL(infraUrls().postgres);
  db.pathname = `/gleba_${svc.name.replace(/-/g, '_')}`;
  return {
    ...commonEnv(),
    ...process.env,
    SERVICE_NAME: svc.name,
    PORT: String(svc.port),
    DATABASE_URL: process.env[`GLEBA_${key}_DATABASE_URL`] ?? db.toString(),
  };
}
