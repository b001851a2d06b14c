import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { CommonErrorCode } from '@gleba/contracts';
import { errorBody, requestLanguage, type Logger } from '@gleba/platform';
import type { Request, Response } from 'express';

const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  // Set by the gateway itself below, or dropped: a client never chooses what a service believes.
  'x-forwarded-for',
  'forwarded',
  'x-real-ip',
]);

export interface ProxyOptions {
  timeoutMs: number;
  logger: Logger;
}

/** Keep-alive connections to the services: the proxy's cost is then one hop on loopback. */
const agent = new http.Agent({
  keepAlive: true,
  maxSockets: 256,
  maxFreeSockets: 64,
  keepAliveMsecs: 10_000,
});

/** Parsed service URLs (a handful, from the config): parsing one per request showed in profiles. */
const targets = new Map<string, URL>();
function targetUrl(target: string): URL {
  let url = targets.get(target);
  if (!url) {
    url = new URL(target);
    targets.set(target, url);
  }
  return url;
}

function sendError(req: Request, res: Response, status: number, code: string, message: string) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(status).json(errorBody(status, code, message, req.requestId, requestLanguage(req)));
}

/**
 * Streams a request to a service and its answer back. The body is not parsed here (uploads pass
 * through untouched). A service that is down is a 503, one that hangs a 504, never a hang.
 */
export function forward(
  req: Request,
  res: Response,
  target: string,
  service: string,
  options: ProxyOptions,
  upstreamPath: string = req.originalUrl,
): void {
  const url = targetUrl(target);
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  // The client as the gateway knows it (its trusted proxy hops applied); whatever the client
  // wrote in X-Forwarded-For is dropped, so a service behind the gateway (trusting one hop) sees
  // an address the client cannot choose.
  headers['x-forwarded-for'] = req.ip ?? req.socket.remoteAddress ?? '';
  headers['x-forwarded-proto'] = req.protocol;
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-request-id'] = req.requestId ?? '';
  headers['x-correlation-id'] = String(res.getHeader('x-correlation-id') ?? req.requestId ?? '');

  let settled = false;
  const upstream = http.request(
    {
      protocol: url.protocol,
      hostname: url.hostname,
      port: url.port,
      method: req.method,
      path: upstreamPath,
      headers,
      agent,
    },
    (upstreamRes: IncomingMessage) => {
      settled = true;
      const outHeaders: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(upstreamRes.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) outHeaders[name] = value;
      }
      (res as ServerResponse).writeHead(upstreamRes.statusCode ?? 502, outHeaders);
      upstreamRes.pipe(res);
      upstreamRes.on('error', () => res.destroy());
    },
  );
  upstream.setTimeout(options.timeoutMs, () => {
    upstream.destroy(Object.assign(new Error('upstream timeout'), { code: 'GLEBA_TIMEOUT' }));
  });
  upstream.on('error', (error: NodeJS.ErrnoException) => {
    if (settled) {
      res.destroy();
      return;
    }
    settled = true;
    if (error.code === 'GLEBA_TIMEOUT') {
      options.logger.warn({ service }, 'service timed out');
      sendError(
        req,
        res,
        504,
        CommonErrorCode.gatewayTimeout,
        `The ${service} service did not answer in time`,
      );
    } else if (
      error.code === 'ECONNREFUSED' ||
      error.code === 'ECONNRESET' ||
      error.code === 'EHOSTUNREACH'
    ) {
      options.logger.warn({ service, code: error.code }, 'service unavailable');
      sendError(req, res, 503, CommonErrorCode.serviceUnavailable, `The ${service} service is unavailable`);
    } else {
      options.logger.warn({ service, err: error }, 'bad gateway');
      sendError(req, res, 502, CommonErrorCode.badGateway, `The ${service} service answered badly`);
    }
  });
  req.on('aborted', () => upstream.destroy());
  // A request without a body (most GETs) is sent at once; only bodies are streamed through.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined)
    upstream.end();
  else req.pipe(upstream);
}
