import type { RequestHandler } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers, computed once: with a fixed configuration (no nonces) helmet writes the same
 * headers on every answer, so the gateway asks it once at start-up and then copies the list.
 * Names are lower case, as `node:http` stores them, so an upstream header of the same name
 * replaces the gateway's in `writeHead`.
 */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => void headers.set(name.toLowerCase(), String(value)),
    removeHeader: (name: string) => void headers.delete(name.toLowerCase()),
  };
  let failed: unknown;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return [...headers];
}

/** Sets the precomputed security headers (`securityHeaders`) on every answer of the express stack. */
export function securityHeadersMiddleware(headers: [string, string][]): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}
