/**
 * The one route table: which service owns which path prefix. The gateway forwards the full path
 * unchanged, so a service serves exactly the paths the SPAs call (e.g. `/api/auth/login`).
 * `/api` is the customer API; `/farm-api` and `/garden-api` are the admin panel's two modes
 * (services mount their admin routers under both and read the mode from the base).
 */
export const SERVICES = ['identity', 'geo', 'orders', 'lab-import', 'shipping', 'notification'] as const;
export type ServiceName = (typeof SERVICES)[number];

const ADMIN_BASES = ['/farm-api', '/garden-api'] as const;

function admin(path: string, service: ServiceName) {
  return ADMIN_BASES.map((base) => ({ prefix: `${base}${path}`, service }));
}

export const ROUTES: { prefix: string; service: ServiceName }[] = [
  // identity: accounts, sessions, profiles, social sign-in; admin login and user management
  { prefix: '/api/auth', service: 'identity' },
  { prefix: '/api/users', service: 'identity' },
  ...admin('/auth', 'identity'),
  ...admin('/users', 'identity'),
  // notification: in-app notifications, preferences, newsletter; admin delivery logs
  { prefix: '/api/notifications', service: 'notification' },
  { prefix: '/api/newsletter', service: 'notification' },
  ...admin('/notifications', 'notification'),
  ...admin('/deliveries', 'notification'),
  // geo: farm, plots, crops, sectors, administrative units, cadastre, plant catalogue, weather
  { prefix: '/api/farm', service: 'geo' },
  { prefix: '/api/plots', service: 'geo' },
  { prefix: '/api/crops', service: 'geo' },
  { prefix: '/api/sectors', service: 'geo' },
  { prefix: '/api/admin-units', service: 'geo' },
  { prefix: '/api/cadastre', service: 'geo' },
  { prefix: '/api/cities', service: 'geo' },
  { prefix: '/api/plants', service: 'geo' },
  { prefix: '/api/weather', service: 'geo' },
  // orders: farm orders, garden tests, barcodes, pricing, payments
  { prefix: '/api/orders', service: 'orders' },
  { prefix: '/api/soil-tests', service: 'orders' },
  { prefix: '/api/prices', service: 'orders' },
  { prefix: '/api/payments', service: 'orders' },
  { prefix: '/api/complaints', service: 'orders' },
  ...admin('/orders', 'orders'),
  ...admin('/soil-tests', 'orders'),
  ...admin('/barcode-labels', 'orders'),
  ...admin('/kit-orders', 'orders'),
  ...admin('/complaints', 'orders'),
  // shipping: send-samples wizard, pickup points, courier, labels, tracking
  { prefix: '/api/shipments', service: 'shipping' },
  { prefix: '/api/pickup-points', service: 'shipping' },
  ...admin('/shipments', 'shipping'),
  // lab-import: results, recommendations, reports; admin imports
  { prefix: '/api/results', service: 'lab-import' },
  ...admin('/imports', 'lab-import'),
  ...admin('/results', 'lab-import'),
];

/** Longest prefix wins; a prefix matches only at a path-segment boundary. */
export function resolveService(path: string): ServiceName | undefined {
  let best: { prefix: string; service: ServiceName } | undefined;
  for (const route of ROUTES) {
    if (
      (path === route.prefix || path.startsWith(`${route.prefix}/`)) &&
      (!best || route.prefix.length > best.prefix.length)
    ) {
      best = route;
    }
  }
  return best?.service;
}

/** Default local ports (npm start); each is overridable by `<SERVICE>_URL`. */
export const DEFAULT_PORTS: Record<ServiceName, number> = {
  identity: 3001,
  geo: 3002,
  orders: 3003,
  'lab-import': 3004,
  shipping: 3005,
  notification: 3006,
};
