import type { Request, RequestHandler, Response } from 'express';
import { platformMetrics, safely } from './registry';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const HEX = /^[0-9a-f]{16,}$/i;

/** True when a path segment looks like an identifier (number, uuid, hash, token, tracking code). */
function isIdSegment(segment: string): boolean {
  if (/^\d+$/.test(segment) || UUID.test(segment) || HEX.test(segment)) return true;
  if (segment.length > 24) return true;
  return segment.length >= 6 && /\d/.test(segment) && /^[A-Za-z0-9_.~-]+$/.test(segment);
}

/**
 * A path with its ids replaced by `:id`, cut to `maxSegments` segments: a label of low
 * cardinality for requests that matched no route pattern.
 */
export function normalizePath(path: string, maxSegments = 4): string {
  const segments = path.split('?')[0]!.split('/').filter(Boolean);
  const out = segments.slice(0, maxSegments).map((s) => (isIdSegment(s) ? ':id' : s.toLowerCase()));
  return `/${out.join('/')}${segments.length > maxSegments ? '/…' : ''}`;
}

/**
 * The route pattern of a request: the matched express route (`/orders/:id`) behind the router's
 * base with ids normalised. The base is taken from the original URL (express restores
 * `req.baseUrl` when an error leaves the router), so errors keep their route. Unmatched requests
 * (404) share one label.
 */
export function routeLabel(req: Request, res: Response): string {
  const pattern = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') {
    const path = (req.originalUrl ?? req.url).split('?')[0]!;
    if (/[{}*()]/.test(pattern)) return normalizePath(path);
    const tail = pattern.split('/').filter(Boolean).length;
    const segments = path.split('/').filter(Boolean);
    const base = tail > 0 ? segments.slice(0, Math.max(0, segments.length - tail)) : segments;
    const prefix = base.length ? normalizePath(`/${base.join('/')}`, 6) : '';
    const joined = `${prefix === '/' ? '' : prefix}${pattern === '/' && prefix ? '' : pattern}`;
    return joined || '/';
  }
  if (res.statusCode === 404) return 'unmatched';
  return normalizePath(req.originalUrl ?? req.url, 3);
}

export interface HttpMetricsOptions {
  /** The route label when express matched no route pattern (the gateway labels its own mounts). */
  label?: (req: Request, res: Response) => string;
}

type HttpSeries = { count: { inc(): void }; duration: { observe(seconds: number): void } };
const httpSeries = new Map<string, HttpSeries>();

/**
 * Counts one answered request and observes its latency. The labelled series are looked up once
 * per label set and kept (labels are of low cardinality by construction), so a request does not
 * make prom-client sort and hash its labels twice.
 */
export function observeHttpRequest(
  service: string,
  method: string,
  route: string,
  status: number,
  seconds: number,
): void {
  safely(() => {
    const key = `${service} ${method} ${status} ${route}`;
    let series = httpSeries.get(key);
    if (!series) {
      const labels = { service, method, route, status: String(status) };
      const m = platformMetrics();
      series = { count: m.httpRequests.labels(labels), duration: m.httpDuration.labels(labels) };
      httpSeries.set(key, series);
    }
    series.count.inc();
    series.duration.observe(seconds);
  });
}

/** Counts requests and observes their latency by method, route pattern and status. */
export function httpMetrics(service: string, options: HttpMetricsOptions = {}): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      safely(() =>
        observeHttpRequest(
          service,
          req.method,
          (options.label ?? routeLabel)(req, res),
          res.statusCode,
          Number(process.hrtime.bigint() - started) / 1e9,
        ),
      );
    });
    next();
  };
}
