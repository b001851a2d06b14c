import http from 'node:http';

export interface SteadyRequest {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface SteadyResult {
  /** Requests answered per second over the window. */
  rps: number;
  /** Latency of every request, from the moment it was due to the end of its response (ms), sorted. */
  latencies: number[];
  total: number;
  errors: number;
  non2xx: number;
}

/**
 * An open-loop load at a fixed rate: requests leave evenly spaced (one every 1/rate s), whatever
 * the answers of the earlier ones, over keep-alive sockets (at most `connections` per target; a
 * request that finds them all busy waits for one). Each latency is counted from when the request
 * was due, so a server that falls behind shows its queue (no coordinated omission). autocannon's
 * rate option does not do this: each connection sends its quota for the second as fast as it can,
 * then waits for the next second, so "500 requests/s" there is a burst at saturation each second.
 * The requests go round-robin through `targets`, each target getting its `requests` in turn.
 */
export async function steadyLoad(options: {
  targets: { url: string; requests: SteadyRequest[] }[];
  rate: number;
  seconds: number;
  connections: number;
}): Promise<SteadyResult> {
  const { targets, rate, seconds } = options;
  // The mix in the order it is sent: target by target in proportion to its share.
  const all = targets.flatMap((t) => t.requests.map((r) => ({ base: new URL(t.url), r })));
  const perTarget = Math.max(1, Math.ceil(options.connections / targets.length));
  const agents = new Map(
    targets.map((t) => [
      new URL(t.url).host,
      new http.Agent({ keepAlive: true, maxSockets: perTarget, maxFreeSockets: perTarget }),
    ]),
  );
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  let inFlight = 0;
  let sent = 0;
  let next = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let sending = true;

  const send = (due: number) => {
    const { base, r } = all[next % all.length]!;
    next += 1;
    inFlight += 1;
    const done = (ok: boolean, status: number) => {
      inFlight -= 1;
      if (!ok) errors += 1;
      else {
        if (status < 200 || status >= 300) non2xx += 1;
        latencies.push(performance.now() - due);
      }
      if (!sending && inFlight === 0) finish();
    };
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method: r.method,
        path: r.path,
        headers: r.body ? { ...r.headers, 'content-length': Buffer.byteLength(r.body) } : r.headers,
        agent: agents.get(base.host),
        timeout: 30_000,
      },
      (res) => {
        res.on('data', () => undefined);
        res.on('end', () => done(true, res.statusCode ?? 0));
        res.on('error', () => done(false, 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => done(false, 0));
    req.end(r.body);
  };

  // Every millisecond, send what has fallen due since the last tick, each with its own due time.
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      const dueCount = Math.floor(((Math.min(now, end) - started) / 1000) * rate);
      while (sent < dueCount) {
        send(started + (sent * 1000) / rate);
        sent += 1;
      }
      if (now >= end) resolve();
      else setTimeout(tick, 1);
    };
    tick();
  });
  sending = false;
  if (inFlight > 0) await finished;
  for (const agent of agents.values()) agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: latencies.length / seconds, latencies, total: sent, errors, non2xx };
}
