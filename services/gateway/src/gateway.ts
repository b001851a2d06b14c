import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express, { type Express, type Request, type Response } from 'express';
import helmet from 'helmet';
import { Redis } from 'ioredis';
import { CommonErrorCode } from '@gleba/contracts';
import { resolveLanguage } from '@gleba/i18n';
import {
  AppError,
  authenticate,
  createLogger,
  errorMiddleware,
  healthRoutes,
  httpMetrics,
  jwksKeyResolver,
  listenOn,
  metricsHandler,
  normalizePath,
  platformMetrics,
  requestContext,
  type KeyResolver,
  type Logger,
} from '@gleba/platform';
import { serviceUrl, type GatewayConfig } from './config';
import { forward } from './proxy';
import { rateLimit } from './rate-limit';
import { resolveService } from './routes';
import { landing, spa } from './static';

export interface GatewayDeps {
  keys?: KeyResolver;
  logger?: Logger;
}

const API_BASES = ['/api', '/farm-api', '/garden-api'];
const UPSTREAM_ERRORS = new Set([502, 503, 504]);

/**
 * The route label of a gateway request: API calls by their normalised path (ids replaced), the
 * front ends by their mount, never a raw path; anything answered 404 shares one label.
 */
function gatewayRoute(req: Request, res: Response): string {
  if (res.statusCode === 404) return 'unmatched';
  const path = req.originalUrl.split('?')[0]!;
  const routePath = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof routePath === 'string' && !API_BASES.some((b) => routePath === b)) return routePath;
  if (API_BASES.some((b) => path === b || path.startsWith(`${b}/`))) return normalizePath(path, 4);
  for (const mount of ['/cms', '/admin', '/landing'])
    if (path === mount || path.startsWith(`${mount}/`)) return `${mount}/*`;
  return '/*';
}

/** Counts answers that mean a service did not answer properly (down 503, hanging 504, bad 502). */
function countUpstreamErrors(res: Response, service: string): void {
  res.once('finish', () => {
    if (!UPSTREAM_ERRORS.has(res.statusCode)) return;
    try {
      platformMetrics().upstreamErrors.inc({ service, status: String(res.statusCode) });
    } catch {
      // metrics never break a request
    }
  });
}

export function createGatewayApp(config: GatewayConfig, redis: Redis, deps: GatewayDeps = {}): Express {
  const logger = deps.logger ?? createLogger('gateway', config.LOG_LEVEL);
  const keys = deps.keys ?? jwksKeyResolver(config.JWKS_URL);
  const app = express();
  app.disable('x-powered-by');
  // The client address (rate limits, X-Forwarded-For to the services): only the configured
  // number of proxies in front is believed; a client's own X-Forwarded-For never is.
  app.set('trust proxy', config.TRUST_PROXY_HOPS);
  app.set('etag', false);
  app.use(requestContext());
  app.use(httpMetrics('gateway', { label: gatewayRoute }));
  const mapHosts = config.MAP_HOSTS.split(/[\s,]+/).filter(Boolean);
  app.use(
    helmet({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          'img-src': ["'self'", 'data:', 'blob:', ...mapHosts],
          'connect-src': ["'self'", ...mapHosts],
          'worker-src': ["'self'", 'blob:'],
          'child-src': ["'self'", 'blob:'],
          'style-src': ["'self'", "'unsafe-inline'"],
        },
      },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use(healthRoutes([{ name: 'redis', check: async () => void (await redis.ping()) }]));
  app.get('/api/language', (req, res) => {
    res.json({ language: resolveLanguage(req.header('accept-language')) });
  });

  const limiter = rateLimit({
    redis,
    prefix: config.REDIS_PREFIX,
    ipLimit: config.RATE_LIMIT_IP,
    accountLimit: config.RATE_LIMIT_ACCOUNT,
    windowMs: config.RATE_LIMIT_WINDOW_MS,
    logger,
  });
  for (const base of API_BASES) {
    app.use(base, authenticate(keys), limiter, (req, res, next) => {
      const path = req.originalUrl.split('?')[0]!;
      const service = resolveService(path);
      if (!service)
        return next(new AppError(CommonErrorCode.routeNotFound, 404, `Cannot ${req.method} ${path}`));
      countUpstreamErrors(res, service);
      forward(req, res, serviceUrl(config, service), service, {
        timeoutMs: config.UPSTREAM_TIMEOUT_MS,
        logger,
      });
    });
  }

  if (config.CMS_URL) {
    const cms = config.CMS_URL;
    app.use('/cms', limiter, (req, res, next) => {
      if (req.method !== 'GET')
        return next(new AppError(CommonErrorCode.forbidden, 405, 'The CMS is read-only here'));
      const base = new URL(cms).pathname.replace(/\/$/, '');
      countUpstreamErrors(res, 'cms');
      forward(req, res, cms, 'cms', { timeoutMs: config.UPSTREAM_TIMEOUT_MS, logger }, `${base}${req.url}`);
    });
  }

  app.use('/admin', spa(config.ADMIN_DIST, 'admin', 'npm run build -w @gleba/admin'));
  // The landing page's own assets (hashed names: its script and Open Graph image).
  app.use(
    '/landing',
    express.static(path.resolve(config.LANDING_DIST, 'landing'), {
      immutable: true,
      maxAge: '365d',
      index: false,
    }),
  );
  app.use(landing(config.LANDING_DIST));
  app.use('/', spa(config.CUSTOMER_DIST, 'customer', 'npm run build -w @gleba/customer'));
  app.use((req, _res, next) =>
    next(new AppError(CommonErrorCode.routeNotFound, 404, `Cannot ${req.method} ${req.path}`)),
  );
  app.use(errorMiddleware(logger));
  return app;
}

/** The internal metrics listener: `GET /metrics` and nothing else. */
function metricsApp(): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', metricsHandler());
  app.use((_req, res) => void res.status(404).end());
  return app;
}

export async function startGateway(config: GatewayConfig, deps: GatewayDeps = {}) {
  // Auto-pipelining: the rate-limit commands of requests arriving together leave in one write.
  const redis = new Redis(config.REDIS_URL, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    lazyConnect: false,
    enableAutoPipelining: true,
  });
  redis.on('error', () => undefined);
  const app = createGatewayApp(config, redis, deps);
  const server = await listenOn(app, config.PORT, config.HOST);
  server.keepAliveTimeout = 65_000;
  const port = (server.address() as AddressInfo).port;
  // Prometheus on a listener of its own: the public port never answers /metrics.
  const metricsServer =
    config.METRICS_PORT === undefined
      ? undefined
      : await listenOn(metricsApp(), config.METRICS_PORT, config.METRICS_HOST);
  const metricsPort = metricsServer && (metricsServer.address() as AddressInfo).port;
  return {
    url: `http://${config.HOST}:${port}`,
    port,
    server,
    metricsUrl: metricsPort === undefined ? undefined : `http://${config.METRICS_HOST}:${metricsPort}`,
    stop: async () => {
      await Promise.all(
        [server, metricsServer].map((s) => s && new Promise<void>((resolve) => s.close(() => resolve()))),
      );
      server.closeAllConnections();
      metricsServer?.closeAllConnections();
      redis.disconnect();
    },
  };
}
