import type { RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';
import type { HelmetOptions } from 'helmet';
import { Redis } from 'ioredis';
import { CommonErrorCode } from '@gleba/contracts';
import { resolveLanguage } from '@gleba/i18n';
import {
  AppError,
  authenticate,
  createLogger,
  createTokenVerifier,
  errorMiddleware,
  healthRoutes,
  httpMetrics,
  jwksKeyResolver,
  listenOn,
  metricsHandler,
  normalizePath,
  platformMetrics,
  requestIds,
  type KeyResolver,
  type Logger,
} from '@gleba/platform';
import { serviceUrl, type GatewayConfig } from './config';
import { apiPath, isApiRequest } from './api-path';
import { expressClient, forward } from './proxy';
import { rateCounter, rateLimit } from './rate-limit';
import { resolveService } from './routes';
import { securityHeaders, securityHeadersMiddleware } from './security-headers';
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

/** helmet's configuration: the CSP allows the map hosts the SPAs load tiles and styles from. */
function helmetOptions(config: GatewayConfig): HelmetOptions {
  const mapHosts = config.MAP_HOSTS.split(/[\s,]+/).filter(Boolean);
  return {
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
  };
}

/**
 * Request id and correlation id (the caller's when well-formed, else new), answered as headers.
 * Unlike the services, the gateway carries them into its few log lines itself (`requestLogger`),
 * not through AsyncLocalStorage, whose promise hooks would cost every promise of every request.
 */
function requestIdHeaders(): RequestHandler {
  return (req, res, next) => {
    const { requestId, correlationId } = requestIds(req.headers);
    req.requestId = requestId;
    res.setHeader('x-request-id', requestId);
    res.setHeader('x-correlation-id', correlationId);
    next();
  };
}

function requestLogger(logger: Logger, req: Request, res: Response): Logger {
  return logger.child({ correlationId: res.getHeader('x-correlation-id'), requestId: req.requestId });
}

/** The express stack: health, language, SPAs, landing, CMS, and any API request `apiPath` leaves to it. */
export function createGatewayApp(config: GatewayConfig, redis: Redis, deps: GatewayDeps = {}): Express {
  const logger = deps.logger ?? createLogger('gateway', config.LOG_LEVEL);
  const keys = deps.keys ?? jwksKeyResolver(config.JWKS_URL);
  const app = express();
  app.disable('x-powered-by');
  // The client address (rate limits, X-Forwarded-For to the services): only the configured
  // number of proxies in front is believed; a client's own X-Forwarded-For never is.
  app.set('trust proxy', config.TRUST_PROXY_HOPS);
  app.set('etag', false);
  app.use(requestIdHeaders());
  app.use(httpMetrics('gateway', { label: gatewayRoute }));
  app.use(securityHeadersMiddleware(securityHeaders(helmetOptions(config))));
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
      forward(req, res, expressClient(req, res), serviceUrl(config, service), service, {
        timeoutMs: config.UPSTREAM_TIMEOUT_MS,
        logger: () => requestLogger(logger, req, res),
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
      forward(
        req,
        res,
        expressClient(req, res),
        cms,
        'cms',
        { timeoutMs: config.UPSTREAM_TIMEOUT_MS, logger: () => requestLogger(logger, req, res) },
        `${base}${req.url}`,
      );
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
  app.use(((error, req, res, next) =>
    errorMiddleware(requestLogger(logger, req, res))(error, req, res, next)) as express.ErrorRequestHandler);
  return app;
}

/**
 * The gateway's request listener: API calls go to `apiPath` (plain `node:http`), everything else
 * to the express stack.
 */
export function createGatewayHandler(
  config: GatewayConfig,
  redis: Redis,
  deps: GatewayDeps = {},
): RequestListener {
  const logger = deps.logger ?? createLogger('gateway', config.LOG_LEVEL);
  const keys = deps.keys ?? jwksKeyResolver(config.JWKS_URL);
  const app = createGatewayApp(config, redis, { logger, keys });
  const api = apiPath({
    logger,
    verify: createTokenVerifier(keys),
    count: rateCounter({
      redis,
      prefix: config.REDIS_PREFIX,
      ipLimit: config.RATE_LIMIT_IP,
      accountLimit: config.RATE_LIMIT_ACCOUNT,
      windowMs: config.RATE_LIMIT_WINDOW_MS,
      logger,
    }),
    securityHeaders: securityHeaders(helmetOptions(config)),
    serviceUrl: (service) => serviceUrl(config, service),
    trustProxyHops: config.TRUST_PROXY_HOPS,
    timeoutMs: config.UPSTREAM_TIMEOUT_MS,
  });
  return (req, res) => (isApiRequest(req) ? api(req, res) : app(req, res));
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
  const server = await listenOn(createGatewayHandler(config, redis, deps), config.PORT, config.HOST);
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
