import type { IncomingMessage, ServerResponse } from 'node:http';
import { CommonErrorCode } from '@gleba/contracts';
import {
  AppError,
  bearerToken,
  headersLanguage,
  normalizePath,
  observeHttpRequest,
  platformMetrics,
  requestIds,
  safely,
  type AuthContext,
  type Logger,
} from '@gleba/platform';
import { forward, sendJson, sendJsonError, type ForwardedRequest } from './proxy';
import type { RateVerdict } from './rate-limit';
import { resolveService, type ServiceName } from './routes';

/**
 * The API requests (`/api/*`, `/farm-api/*`, `/garden-api/*`) on plain `node:http`, without
 * express: the same steps and answers as the express stack (see the README: ids, security headers,
 * token, rate limits and marks, route table, forward, metrics), with nothing a proxy does not need
 * per request. Express builds its request and response objects, walks its middleware and router
 * layers and runs helmet's dozen middlewares for each call; here the headers are a precomputed
 * list and the route one table look-up. The request ids go into the few log lines explicitly
 * instead of through AsyncLocalStorage, whose promise hooks would cost every promise in the process.
 */
export interface ApiPathDeps {
  logger: Logger;
  /** `createTokenVerifier` (accepted tokens remembered, decision 0007). */
  verify: (token: string) => Promise<AuthContext>;
  count: (ip: string | undefined, auth: AuthContext | undefined, log: () => Logger) => Promise<RateVerdict>;
  securityHeaders: [string, string][];
  serviceUrl: (service: ServiceName) => string;
  trustProxyHops: number;
  timeoutMs: number;
}

const API_PREFIXES = ['/api/', '/farm-api/', '/garden-api/'];
const UPSTREAM_ERRORS = new Set([502, 503, 504]);

/**
 * True for the requests the API path answers: every API call but `GET /api/language`, which the
 * express stack answers itself. Anything else (`/api` alone, odd spellings) stays with express.
 */
export function isApiRequest(req: IncomingMessage): boolean {
  const url = req.url ?? '';
  if (!API_PREFIXES.some((prefix) => url.startsWith(prefix))) return false;
  if (req.method !== 'GET' && req.method !== 'HEAD') return true;
  return !(url === '/api/language' || url.startsWith('/api/language?'));
}

/**
 * The client address as express computes it with `trust proxy` set to a hop count (proxy-addr):
 * the connection's peer, or the entry the nearest trusted proxy appended to X-Forwarded-For.
 */
export function clientAddress(req: IncomingMessage, hops: number): string {
  const peer = req.socket.remoteAddress ?? '';
  if (hops === 0) return peer;
  const header = req.headers['x-forwarded-for'];
  if (!header) return peer;
  const entries = String(header)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .reverse();
  const addresses = [peer, ...entries];
  return addresses[Math.min(hops, addresses.length - 1)]!;
}

function clientProtocol(req: IncomingMessage, hops: number): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  if (hops === 0) return own;
  const header = req.headers['x-forwarded-proto'];
  const value = (Array.isArray(header) ? header[0] : header) ?? own;
  const comma = value.indexOf(',');
  return (comma === -1 ? value : value.slice(0, comma)).trim();
}

/** Route labels by path (ids normalised away); a bounded memory, since paths carry ids. */
const labels = new Map<string, string>();
function routeLabel(path: string): string {
  let label = labels.get(path);
  if (label === undefined) {
    label = normalizePath(path, 4);
    if (labels.size >= 2000) labels.clear();
    labels.set(path, label);
  }
  return label;
}

export function apiPath(deps: ApiPathDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const { logger } = deps;
  return (req, res) => {
    const started = performance.now();
    const url = req.url!;
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    const { requestId, correlationId } = requestIds(req.headers);
    const service = resolveService(path);
    let auth: AuthContext | undefined;
    const client: ForwardedRequest = {
      ip: clientAddress(req, deps.trustProxyHops),
      protocol: clientProtocol(req, deps.trustProxyHops),
      requestId,
      correlationId,
      language: () => headersLanguage(req.headers, auth),
    };
    let log: Logger | undefined;
    const requestLog = () => (log ??= logger.child({ correlationId, requestId }));

    res.setHeader('x-request-id', requestId);
    res.setHeader('x-correlation-id', correlationId);
    for (const [name, value] of deps.securityHeaders) res.setHeader(name, value);
    res.once('finish', () => {
      const status = res.statusCode;
      observeHttpRequest(
        'gateway',
        req.method ?? 'GET',
        status === 404 ? 'unmatched' : routeLabel(path),
        status,
        (performance.now() - started) / 1000,
      );
      if (service && UPSTREAM_ERRORS.has(status))
        safely(() => platformMetrics().upstreamErrors.inc({ service, status: String(status) }));
    });

    const fail = (error: unknown) => {
      let appError: AppError;
      if (error instanceof AppError) {
        appError = error;
        if (appError.statusCode >= 500) requestLog().warn({ err: error }, 'server error');
      } else {
        requestLog().error({ err: error, path, method: req.method }, 'unhandled error');
        appError = new AppError(CommonErrorCode.internal, 500, 'Internal server error');
      }
      if (res.headersSent) return void res.destroy();
      sendJson(res, appError.statusCode, appError.toBody(requestId, client.language()));
    };

    const proceed = async () => {
      const verdict = await deps.count(client.ip, auth, requestLog);
      for (const [name, value] of verdict.headers) res.setHeader(name, value);
      if (verdict.refusal) {
        const { status, code, message } = verdict.refusal;
        return sendJsonError(res, status, code, message, requestId, client.language());
      }
      if (!service) throw new AppError(CommonErrorCode.routeNotFound, 404, `Cannot ${req.method} ${path}`);
      forward(req, res, client, deps.serviceUrl(service), service, {
        timeoutMs: deps.timeoutMs,
        logger: requestLog,
      });
    };

    const token = bearerToken(req);
    const verified = token
      ? deps.verify(token).then(
          (accepted) => {
            auth = accepted;
          },
          (error: unknown) => {
            // A bad token is not refused here (public routes such as refresh must work with a stale
            // one): the service answers it. Anything else (keys unreachable) is answered now.
            if (!(error instanceof AppError && error.statusCode === 401)) throw error;
          },
        )
      : Promise.resolve();
    verified.then(proceed).catch(fail);
  };
}
