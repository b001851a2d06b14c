import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { CommonErrorCode, type Language } from '@gleba/contracts';
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
  /** The logger with the request's ids (asked only when something is logged). */
  logger: () => Logger;
}

/** What the gateway knows of the request it forwards (from express or from its API path). */
export interface ForwardedRequest {
  /** The client address, its trusted proxy hops applied. */
  ip: string;
  protocol: string;
  requestId: string;
  correlationId: string;
  /** The error body's language (only asked when an error is answered). */
  language: () => Language;
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

/** An error body as JSON (the headers already set on `res`, such as the request ids, stay). */
export function sendJsonError(
  res: ServerResponse,
  status: number,
  code: string,
  message: string,
  requestId: string | undefined,
  language: Language,
): void {
  sendJson(res, status, errorBody(status, code, message, requestId, language));
}

/** A JSON answer as express's `res.status(status).json(value)` writes it (no ETag: the gateway sets none). */
export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(body));
  res.end(body);
}

function sendError(
  res: ServerResponse,
  client: ForwardedRequest,
  status: number,
  code: string,
  message: string,
) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJsonError(res, status, code, message, client.requestId, client.language());
}

/**
 * Streams a request to a service and its answer back. The body is not parsed here (uploads pass
 * through untouched). A service that is down is a 503, one that hangs a 504, never a hang.
 */
export function forward(
  req: IncomingMessage,
  res: ServerResponse,
  client: ForwardedRequest,
  target: string,
  service: string,
  options: ProxyOptions,
  upstreamPath: string = req.url ?? '/',
): void {
  const url = targetUrl(target);
  const headers: Record<string, string | string[]> = {};
  const incoming = req.headers;
  for (const name in incoming) {
    const value = incoming[name];
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  // The client as the gateway knows it (its trusted proxy hops applied); whatever the client
  // wrote in X-Forwarded-For is dropped, so a service behind the gateway (trusting one hop) sees
  // an address the client cannot choose.
  headers['x-forwarded-for'] = client.ip;
  headers['x-forwarded-proto'] = client.protocol;
  headers['x-forwarded-host'] = incoming.host ?? '';
  headers['x-request-id'] = client.requestId;
  headers['x-correlation-id'] = client.correlationId;

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
      const answered = upstreamRes.headers;
      for (const name in answered) {
        const value = answered[name];
        if (value !== undefined && !HOP_BY_HOP.has(name)) outHeaders[name] = value;
      }
      res.writeHead(upstreamRes.statusCode ?? 502, outHeaders);
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
      options.logger().warn({ service }, 'service timed out');
      sendError(
        res,
        client,
        504,
        CommonErrorCode.gatewayTimeout,
        `The ${service} service did not answer in time`,
      );
    } else if (
      error.code === 'ECONNREFUSED' ||
      error.code === 'ECONNRESET' ||
      error.code === 'EHOSTUNREACH'
    ) {
      options.logger().warn({ service, code: error.code }, 'service unavailable');
      sendError(
        res,
        client,
        503,
        CommonErrorCode.serviceUnavailable,
        `The ${service} service is unavailable`,
      );
    } else {
      options.logger().warn({ service, err: error }, 'bad gateway');
      sendError(res, client, 502, CommonErrorCode.badGateway, `The ${service} service answered badly`);
    }
  });
  req.on('aborted', () => upstream.destroy());
  // A request without a body (most GETs) is sent at once; only bodies are streamed through.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined)
    upstream.end();
  else req.pipe(upstream);
}

/** `ForwardedRequest` of an express request (the gateway's express stack). */
export function expressClient(req: Request, res: Response): ForwardedRequest {
  return {
    ip: req.ip ?? req.socket.remoteAddress ?? '',
    protocol: req.protocol,
    requestId: req.requestId ?? '',
    correlationId: String(res.getHeader('x-correlation-id') ?? req.requestId ?? ''),
    language: () => requestLanguage(req),
  };
}
