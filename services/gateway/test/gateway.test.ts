import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import express from 'express';
import { Redis } from 'ioredis';
import { revokedSessionKey, suspendedAccountKey } from '@gleba/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKeys, uniqueSuffix } from '@gleba/testkit';
import { ZGatewayConfig } from '../src/config';
import { startGateway } from '../src/gateway';

const keys = createTestKeys();

async function listen(app: express.Express): Promise<{ url: string; server: Server }> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, server });
    });
  });
}

async function closedPortUrl(): Promise<string> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

function makeDist(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gleba-dist-'));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

describe('gateway', () => {
  const upstreams: Server[] = [];
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  let limited: Awaited<ReturnType<typeof startGateway>>;
  const gatewayPrefix = `t:gw:${uniqueSuffix()}`;
  let identityUrl: string;
  const customerDist = makeDist({
    'index.html': '<html>customer app</html>',
    'assets/app-abcdef12.js': 'console.log(1)',
  });
  const adminDist = makeDist({ 'index.html': '<html>admin app</html>' });
  const landingDist = makeDist({
    'index.html': '<html>landing pl</html>',
    'en/index.html': '<html>landing en</html>',
    'robots.txt': 'User-agent: *',
    'landing/landing-1a2b3c4d.js': 'console.log("consent")',
  });

  beforeAll(async () => {
    const echo = express();
    echo.use(express.json());
    echo.all('/{*rest}', (req, res) => {
      res.setHeader('x-upstream', 'identity');
      res.status(req.path.endsWith('/created') ? 201 : 200).json({
        method: req.method,
        url: req.originalUrl,
        body: req.body ?? null,
        authorization: req.headers.authorization ?? null,
        requestId: req.headers['x-request-id'],
        correlationId: req.headers['x-correlation-id'],
        forwardedFor: req.headers['x-forwarded-for'],
      });
    });
    const slow = express();
    slow.all('/{*rest}', () => undefined); // never answers
    const identity = await listen(echo);
    identityUrl = identity.url;
    const geo = await listen(slow);
    upstreams.push(identity.server, geo.server);
    const down = await closedPortUrl();
    const base = {
      PORT: '0',
      IDENTITY_URL: identity.url,
      GEO_URL: geo.url,
      ORDERS_URL: down,
      UPSTREAM_TIMEOUT_MS: '300',
      LOG_LEVEL: 'silent',
      CUSTOMER_DIST: customerDist,
      ADMIN_DIST: adminDist,
      LANDING_DIST: landingDist,
    };
    gateway = await startGateway(
      ZGatewayConfig.parse({ ...base, REDIS_PREFIX: gatewayPrefix, METRICS_PORT: '0' }),
      { keys: keys.resolver },
    );
    limited = await startGateway(
      ZGatewayConfig.parse({
        ...base,
        REDIS_PREFIX: `t:gw:${uniqueSuffix()}`,
        RATE_LIMIT_IP: '5',
        RATE_LIMIT_ACCOUNT: '3',
      }),
      { keys: keys.resolver },
    );
  });

  afterAll(async () => {
    await gateway?.stop();
    await limited?.stop();
    for (const s of upstreams) {
      s.closeAllConnections();
      s.close();
    }
  });

  it('forwards /api calls by prefix with body, query, Authorization and ids', async () => {
    const token = keys.sign({ role: 'USER' });
    const res = await fetch(`${gateway.url}/api/auth/login?x=1`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'x-correlation-id': 'corr-123',
      },
      body: JSON.stringify({ email: 'a@b.pl', password: 'x' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-upstream')).toBe('identity');
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      method: 'POST',
      url: '/api/auth/login?x=1',
      body: { email: 'a@b.pl', password: 'x' },
      authorization: `Bearer ${token}`,
      correlationId: 'corr-123',
    });
    expect(body.requestId).toBe(res.headers.get('x-request-id'));
  });

  it('forwards both admin bases and keeps the upstream status', async () => {
    for (const base of ['/farm-api', '/garden-api']) {
      const res = await fetch(`${gateway.url}${base}/users/created`, { method: 'POST' });
      expect(res.status).toBe(201);
      expect(((await res.json()) as { url: string }).url).toBe(`${base}/users/created`);
    }
  });

  it('answers an unknown API path with the error body', async () => {
    const res = await fetch(`${gateway.url}/api/no-such-service/x`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ statusCode: 404, error: 'Not Found', code: 'routeNotFound' });
    // A prefix only matches at a segment boundary.
    expect((await fetch(`${gateway.url}/api/authx`)).status).toBe(404);
  });

  it('returns 503 with the error body, in the user language, when a service is down', async () => {
    const started = Date.now();
    const res = await fetch(`${gateway.url}/api/orders`, { headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(503);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('serviceUnavailable');
    expect(body.message).toMatch(/temporarily unavailable/i);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('returns 504 instead of hanging when a service does not answer', async () => {
    const started = Date.now();
    const res = await fetch(`${gateway.url}/api/plots`, { headers: { 'accept-language': 'pl' } });
    expect(res.status).toBe(504);
    expect(await res.json()).toMatchObject({ statusCode: 504, code: 'gatewayTimeout' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('answers GET /api/language from Accept-Language (pl, en or uk, else pl)', async () => {
    const lang = async (h?: string) =>
      (
        (await (
          await fetch(`${gateway.url}/api/language`, { headers: h ? { 'accept-language': h } : {} })
        ).json()) as { language: string }
      ).language;
    expect(await lang('uk-UA,uk;q=0.9')).toBe('uk');
    expect(await lang('en-US')).toBe('en');
    expect(await lang('de-DE')).toBe('pl');
    expect(await lang()).toBe('pl');
  });

  it('limits requests per account and per IP', async () => {
    const token = keys.sign({ role: 'USER' });
    const withToken: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      withToken.push(
        (await fetch(`${limited.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } }))
          .status,
      );
    }
    expect(withToken).toEqual([200, 200, 200, 429]); // account limit 3
    // The same IP has used 4 of its 5: one more anonymous request passes, the next does not.
    expect((await fetch(`${limited.url}/api/users/me`)).status).toBe(200);
    const blocked = await fetch(`${limited.url}/api/users/me`);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await blocked.json()).toMatchObject({ statusCode: 429, code: 'rateLimited' });
  });

  it("refuses at once the tokens of an account identity marked suspended, in the user's language", async () => {
    const suspendedId = randomUUID();
    const redis = new Redis(ZGatewayConfig.parse({}).REDIS_URL); // where the gateways under test count
    try {
      const token = keys.sign({ sub: suspendedId, lang: 'pl' });
      const other = keys.sign({});
      expect(
        (await fetch(`${gateway.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } }))
          .status,
      ).toBe(200);
      await redis.set(suspendedAccountKey(gatewayPrefix, suspendedId), '1', 'EX', 60);
      const refused = await fetch(`${gateway.url}/api/users/me`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        statusCode: 403,
        code: 'accountSuspended',
        message: 'Konto zostało zawieszone. Skontaktuj się z administratorem.',
      });
      expect(
        (await fetch(`${gateway.url}/api/users/me`, { headers: { authorization: `Bearer ${other}` } }))
          .status,
      ).toBe(200);
      await redis.del(suspendedAccountKey(gatewayPrefix, suspendedId)); // reinstated
      expect(
        (await fetch(`${gateway.url}/api/users/me`, { headers: { authorization: `Bearer ${token}` } }))
          .status,
      ).toBe(200);
    } finally {
      redis.disconnect();
    }
  });

  it('sets security headers', async () => {
    const res = await fetch(`${gateway.url}/api/language`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-powered-by')).toBeNull();
    // A proxied API answer (the gateway's plain node:http path) carries the same headers and ids.
    const api = await fetch(`${gateway.url}/api/auth/whoami`, { headers: { 'x-request-id': 'req-42' } });
    for (const name of ['content-security-policy', 'x-content-type-options', 'strict-transport-security'])
      expect(api.headers.get(name), name).toBe(res.headers.get(name));
    expect(api.headers.get('x-upstream')).toBe('identity');
    expect(api.headers.get('x-request-id')).toBe('req-42');
    expect(api.headers.get('x-correlation-id')).toBe('req-42');
    expect(((await api.json()) as { requestId: string }).requestId).toBe('req-42');
  });

  it('serves the SPAs with history fallback, and the landing page to first-time visitors', async () => {
    expect(await (await fetch(`${gateway.url}/soil-tests/123/results`)).text()).toContain('customer app');
    expect(await (await fetch(`${gateway.url}/admin/orders/42`)).text()).toContain('admin app');
    const asset = await fetch(`${gateway.url}/assets/app-abcdef12.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${gateway.url}/assets/missing-file.js`)).status).toBe(404);
    expect(await (await fetch(`${gateway.url}/`)).text()).toContain('landing pl');
    expect(await (await fetch(`${gateway.url}/en/`)).text()).toContain('landing en');
    expect(await (await fetch(`${gateway.url}/`, { headers: { cookie: 'gleba_app=1' } })).text()).toContain(
      'customer app',
    );
    expect(await (await fetch(`${gateway.url}/?app`)).text()).toContain('customer app');
    // The installed app's start address (its manifest) opens the app, never the landing page.
    expect(await (await fetch(`${gateway.url}/?source=pwa`)).text()).toContain('customer app');
    expect(await (await fetch(`${gateway.url}/robots.txt`)).text()).toContain('User-agent');
    const script = await fetch(`${gateway.url}/landing/landing-1a2b3c4d.js`);
    expect(await script.text()).toContain('consent');
    expect(script.headers.get('cache-control')).toContain('immutable');
  });
  it('serves /metrics on its own port only: request counts by route, upstream errors by service; never on the public port', async () => {
    expect(gateway.metricsUrl).toBeDefined();
    expect(gateway.metricsUrl).not.toBe(gateway.url);
    const res = await fetch(`${gateway.metricsUrl}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(
      /gleba_http_requests_total\{service="gateway",method="POST",route="\/api\/auth\/login",status="200"\} \d+/,
    );
    expect(text).toMatch(
      /gleba_http_requests_total\{service="gateway",method="GET",route="\/\*",status="200"\} \d+/,
    );
    expect(text).not.toMatch(/route="[^"]*(123|42)[^"]*"/); // ids never become labels
    expect(text).toMatch(/gleba_gateway_upstream_errors_total\{service="orders",status="503"\} [1-9]/);
    expect(text).toMatch(/gleba_gateway_upstream_errors_total\{service="geo",status="504"\} [1-9]/);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect((await fetch(`${gateway.metricsUrl}/api/language`)).status).toBe(404);
    // The public port never answers it, from anywhere (it falls through to the SPA or a 404).
    for (const path of ['/metrics', '/api/metrics', '/farm-api/metrics', '/garden-api/metrics']) {
      const pub = await fetch(`${gateway.url}${path}`);
      expect(await pub.text(), path).not.toContain('gleba_http_requests_total');
    }
    // Without METRICS_PORT no metrics listener at all.
    expect(limited.metricsUrl).toBeUndefined();
  });

  it('sets X-Forwarded-For itself: a client cannot choose the address services and rate limits see', async () => {
    const res = await fetch(`${gateway.url}/api/auth/whoami`, {
      headers: {
        'x-forwarded-for': '203.0.113.7, 198.51.100.1',
        forwarded: 'for=203.0.113.9',
        'x-real-ip': '203.0.113.8',
      },
    });
    const body = (await res.json()) as { forwardedFor: string };
    expect(body.forwardedFor).toBe('127.0.0.1');
    // Rotating X-Forwarded-For does not escape the per-IP limit.
    const fresh = await startGateway(
      ZGatewayConfig.parse({
        PORT: '0',
        LOG_LEVEL: 'silent',
        IDENTITY_URL: identityUrl,
        REDIS_PREFIX: `t:gw:${uniqueSuffix()}`,
        RATE_LIMIT_IP: '3',
      }),
      { keys: keys.resolver },
    );
    try {
      // Counting starts once its Redis connection is up (before that requests are let through).
      while ((await fetch(`${fresh.url}/health/ready`)).status !== 200)
        await new Promise((r) => setTimeout(r, 50));
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1)
        statuses.push(
          (await fetch(`${fresh.url}/api/auth/x`, { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } }))
            .status,
        );
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await fresh.stop();
    }
  });

  it('with TRUST_PROXY_HOPS=1 (an Ingress in front) the client is the entry that proxy wrote, and only that', async () => {
    const behind = await startGateway(
      ZGatewayConfig.parse({
        PORT: '0',
        LOG_LEVEL: 'silent',
        IDENTITY_URL: identityUrl,
        REDIS_PREFIX: `t:gw:${uniqueSuffix()}`,
        TRUST_PROXY_HOPS: '1',
      }),
      { keys: keys.resolver },
    );
    try {
      // The client forged the first entry; the Ingress appended the address it saw.
      const res = await fetch(`${behind.url}/api/auth/whoami`, {
        headers: { 'x-forwarded-for': '10.9.9.9, 203.0.113.50' },
      });
      expect(((await res.json()) as { forwardedFor: string }).forwardedFor).toBe('203.0.113.50');
    } finally {
      await behind.stop();
    }
  });

  it('refuses at once an access token of a session identity marked ended (logout, password change), in the user language', async () => {
    const sessionId = randomUUID();
    const redis = new Redis(ZGatewayConfig.parse({}).REDIS_URL);
    try {
      const token = keys.sign({ sid: sessionId, lang: 'en' });
      const sameUserOtherSession = keys.sign({ sid: randomUUID() });
      const auth = (t: string) => ({ headers: { authorization: `Bearer ${t}` } });
      expect((await fetch(`${gateway.url}/api/users/me`, auth(token))).status).toBe(200);
      await redis.set(revokedSessionKey(gatewayPrefix, sessionId), '1', 'EX', 60);
      const refused = await fetch(`${gateway.url}/api/users/me`, auth(token));
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({
        statusCode: 401,
        code: 'reauthenticate',
        message: 'Please re-authenticate.',
      });
      expect((await fetch(`${gateway.url}/api/users/me`, auth(sameUserOtherSession))).status).toBe(200);
    } finally {
      redis.disconnect();
    }
  });
});
