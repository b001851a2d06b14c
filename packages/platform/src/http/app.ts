import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import express, { type ErrorRequestHandler, type Express, type Request, type RequestHandler } from 'express';
import { CommonErrorCode, type Language } from '@gleba/contracts';
import { resolveLanguage } from '@gleba/i18n';
import { z } from 'zod';
import { runWithContext } from '../context';
import type { Logger } from '../logger';
import { AppError } from './errors';
import { zodDetails } from './validate';

/**
 * Listens and resolves with the server once it is bound; rejects with the bind error (EADDRINUSE,
 * EACCES) instead of going on with a server that listens nowhere.
 */
export function listenOn(app: Express | RequestListener, port: number, host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer(app);
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

export interface HealthCheck {
  name: string;
  check: () => Promise<void>;
}

export interface HttpAppOptions {
  logger: Logger;
  /** Checks run by `/health/ready` (database, broker, Redis). */
  readiness?: HealthCheck[];
  jsonLimit?: string;
  /**
   * Proxies in front whose X-Forwarded-For entries are believed (`req.ip`): 1, the gateway, which
   * sets the header itself. Default 1.
   */
  trustProxyHops?: number;
  /** Mount the service's routers; runs after the common middleware, before the 404 and error handlers. */
  routes: (app: Express) => void;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id and correlation id: the caller's when well-formed, else a new id for both. */
export function requestIds(headers: IncomingHttpHeaders): { requestId: string; correlationId: string } {
  const incoming = headers['x-request-id'];
  const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  const incomingCorrelation = headers['x-correlation-id'];
  const correlationId =
    typeof incomingCorrelation === 'string' && REQUEST_ID.test(incomingCorrelation)
      ? incomingCorrelation
      : requestId;
  return { requestId, correlationId };
}

/** Request id, correlation id (from the caller or new) and the context that carries them. */
export function requestContext(): RequestHandler {
  return (req, res, next) => {
    const { requestId, correlationId } = requestIds(req.headers);
    req.requestId = requestId;
    res.setHeader('x-request-id', requestId);
    res.setHeader('x-correlation-id', correlationId);
    runWithContext({ correlationId, requestId }, () => next());
  };
}

async function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function healthRoutes(readiness: HealthCheck[]): express.Router {
  const router = express.Router();
  router.get('/health/live', (_req, res) => {
    res.json({ status: 'ok' });
  });
  router.get('/health/ready', async (_req, res) => {
    const results = await Promise.all(
      readiness.map(async ({ name, check }) => {
        try {
          await withTimeout(check(), 2000);
          return { name, ok: true as const };
        } catch (error) {
          return { name, ok: false as const, error: (error as Error).message };
        }
      }),
    );
    const ok = results.every((r) => r.ok);
    res.status(ok ? 200 : 503).json({ status: ok ? 'ok' : 'unavailable', checks: results });
  });
  return router;
}

/**
 * The user's language: the one the app explicitly sends (`x-gleba-lang`, the UI's current choice),
 * else the account's (token claim), else Accept-Language, else pl.
 */
export function requestLanguage(req: Request): Language {
  return headersLanguage(req.headers, req.auth);
}

/** `requestLanguage` for a plain `node:http` request (the gateway's API path). */
export function headersLanguage(headers: IncomingHttpHeaders, auth?: { language?: Language }): Language {
  const explicit = headers['x-gleba-lang'];
  if (explicit) return resolveLanguage(String(explicit));
  return auth?.language ?? resolveLanguage(headers['accept-language']);
}

/** Renders every error as `{statusCode, error, message, code}`; never a stack trace. */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    let appError: AppError;
    if (error instanceof AppError) {
      appError = error;
    } else if (error instanceof z.ZodError) {
      appError = new AppError(CommonErrorCode.validationFailed, 400, 'Invalid input', zodDetails(error));
    } else if (error instanceof URIError) {
      // The router could not decode a path parameter (`/orders/%E0%A4%A`): the client's mistake.
      appError = new AppError(CommonErrorCode.validationFailed, 400, 'Malformed URL encoding');
    } else if (isBodyParserError(error)) {
      appError =
        error.type === 'entity.too.large'
          ? new AppError(CommonErrorCode.payloadTooLarge, 413, 'Request body too large')
          : error.type === 'entity.parse.failed'
            ? new AppError(CommonErrorCode.validationFailed, 400, 'Malformed JSON body')
            : new AppError(CommonErrorCode.validationFailed, error.status ?? 400, error.message);
    } else {
      logger.error({ err: error, path: req.path, method: req.method }, 'unhandled error');
      appError = new AppError(CommonErrorCode.internal, 500, 'Internal server error');
    }
    if (appError.statusCode >= 500 && error instanceof AppError) logger.warn({ err: error }, 'server error');
    if (res.headersSent) return;
    res.status(appError.statusCode).json(appError.toBody(req.requestId, requestLanguage(req)));
  };
}

function isBodyParserError(error: unknown): error is { type: string; status?: number; message: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'type' in error &&
    typeof (error as { type: unknown }).type === 'string' &&
    'status' in error
  );
}

export function createHttpApp(options: HttpAppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxyHops ?? 1);
  app.set('query parser', 'extended');
  app.use(requestContext());
  app.use(healthRoutes(options.readiness ?? []));
  app.use(express.json({ limit: options.jsonLimit ?? '1mb' }));
  options.routes(app);
  app.use((req, _res, next) => {
    next(new AppError(CommonErrorCode.routeNotFound, 404, `Cannot ${req.method} ${req.path}`));
  });
  app.use(errorMiddleware(options.logger));
  return app;
}
