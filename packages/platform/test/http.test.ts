import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AppError,
  ConfigError,
  JWT_AUDIENCE,
  JWT_ISSUER,
  ZBaseConfig,
  createHttpApp,
  createLogger,
  authenticate,
  listenOn,
  loadConfig,
  refuseInProduction,
  requireAuth,
  requireRole,
  route,
  sendDownload,
} from '@gleba/platform';
import { createTestKeys, http } from '@gleba/testkit';

describe('config', () => {
  it('fails fast naming each missing variable', () => {
    expect(() => loadConfig(ZBaseConfig, { SERVICE_NAME: 'x' })).toThrowError(ConfigError);
    try {
      loadConfig(ZBaseConfig, { SERVICE_NAME: 'x' });
    } catch (error) {
      expect((error as Error).message).toContain('missing environment variable PORT');
      expect((error as Error).message).toContain('missing environment variable DATABASE_URL');
    }
    expect(() =>
      loadConfig(ZBaseConfig, { SERVICE_NAME: 'x', PORT: 'abc', DATABASE_URL: 'postgres://h/db' }),
    ).toThrowError(/PORT/);
    const ok = loadConfig(ZBaseConfig, { SERVICE_NAME: 'x', PORT: '3000', DATABASE_URL: 'postgres://h/db' });
    expect(ok.PORT).toBe(3000);
    expect(ok.CONSUMER_RETRY_DELAYS_MS).toEqual([1000, 5000, 30000]);
  });
});

describe('production secrets and demo data', () => {
  const env = { SERVICE_NAME: 'x', PORT: '3000', DATABASE_URL: 'postgres://h/db' };
  const secrets = ['P24_CRC', ['TWILIO_FROM', 'TWILIO_MESSAGING_SERVICE_SID']] as const;

  it('in production a secret with a simulator default must be set: each missing one is named', () => {
    expect(() => loadConfig(ZBaseConfig, env, { productionSecrets: secrets })).not.toThrow();
    const production = { ...env, NODE_ENV: 'production' };
    try {
      loadConfig(ZBaseConfig, production, { productionSecrets: secrets });
      expect.unreachable();
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        "missing environment variable P24_CRC (required in production: its default is the simulator's)",
        "missing environment variable TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID (one is required in production: the defaults are the simulator's)",
      ]);
    }
    expect(() =>
      loadConfig(
        ZBaseConfig,
        { ...production, P24_CRC: '  ', TWILIO_MESSAGING_SERVICE_SID: 'MG1' },
        { productionSecrets: secrets },
      ),
    ).toThrow(/P24_CRC/);
    expect(() =>
      loadConfig(
        ZBaseConfig,
        { ...production, P24_CRC: 'real', TWILIO_MESSAGING_SERVICE_SID: 'MG1' },
        { productionSecrets: secrets },
      ),
    ).not.toThrow();
  });

  it('demo data refuses to be created in production', () => {
    expect(() => refuseInProduction('The demo seed', { NODE_ENV: 'production' })).toThrow(/production/);
    expect(() => refuseInProduction('The demo seed', { NODE_ENV: 'development' })).not.toThrow();
  });
});

describe('client address behind the gateway', () => {
  it('believes the configured number of proxy hops (the gateway sets X-Forwarded-For), no more', async () => {
    const serve = async (trustProxyHops?: number) => {
      const app = createHttpApp({
        logger: createLogger('ip-test', 'silent'),
        trustProxyHops,
        routes: (a) => a.get('/ip', (req, res) => void res.json({ ip: req.ip })),
      });
      const server = await listenOn(app, 0, '127.0.0.1');
      return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
    };
    const ip = async (url: string, xff: string) =>
      ((await (await fetch(`${url}/ip`, { headers: { 'x-forwarded-for': xff } })).json()) as { ip: string })
        .ip;
    const one = await serve();
    const none = await serve(0);
    try {
      // The gateway's entry (the last) is the client; an entry the client wrote before it is not.
      expect(await ip(one.url, '10.1.1.1, 203.0.113.5')).toBe('203.0.113.5');
      expect(await ip(none.url, '203.0.113.5')).toMatch(/127\.0\.0\.1$/);
    } finally {
      for (const s of [one, none]) await new Promise((resolve) => s.server.close(resolve));
    }
  });
});

describe('sendDownload', () => {
  it('sends the bytes and a text as they are, with their length, no ETag, never cached', async () => {
    const bytes = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 7) % 256).subarray(1000, 201_000);
    const text = 'Działka „Za stodołą” – Łąka\n'.repeat(10_000);
    const app = createHttpApp({
      logger: createLogger('download-test', 'silent'),
      readiness: [],
      routes: (a) => {
        a.get('/bytes', (_req, res) =>
          sendDownload(res, { contentType: 'application/zip', fileName: 'dzialki.zip', body: bytes }),
        );
        a.get('/text', (_req, res) =>
          sendDownload(res, { contentType: 'application/geo+json', fileName: 'farm.geojson', body: text }),
        );
      },
    });
    const server = await listenOn(app, 0, '127.0.0.1');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const zip = await fetch(`${url}/bytes`);
      expect(zip.status).toBe(200);
      expect(zip.headers.get('content-type')).toBe('application/zip');
      expect(zip.headers.get('content-disposition')).toBe('attachment; filename="dzialki.zip"');
      expect(zip.headers.get('cache-control')).toBe('no-store');
      expect(zip.headers.get('etag')).toBeNull();
      expect(zip.headers.get('content-length')).toBe(String(bytes.byteLength));
      expect(new Uint8Array(await zip.arrayBuffer())).toEqual(bytes);
      const geojson = await fetch(`${url}/text`);
      expect(geojson.headers.get('content-type')).toMatch(/^application\/geo\+json/);
      expect(geojson.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
      expect(await geojson.text()).toBe(text);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('listenOn', () => {
  it('rejects with the bind error when the port is taken, and serves when it is free', async () => {
    const app = createHttpApp({
      logger: createLogger('listen-test', 'silent'),
      readiness: [],
      routes: () => undefined,
    });
    const first = await listenOn(app, 0, '127.0.0.1');
    const port = (first.address() as AddressInfo).port;
    try {
      await expect(listenOn(app, port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
      const res = await fetch(`http://127.0.0.1:${port}/health/live`);
      expect(await res.json()).toEqual({ status: 'ok' });
    } finally {
      await new Promise((resolve) => first.close(resolve));
    }
  });
});

describe('http app: auth, validation and the error body', () => {
  const keys = createTestKeys();
  let base = '';
  let close: () => void;

  beforeAll(async () => {
    const app = createHttpApp({
      logger: createLogger('t', 'silent'),
      routes: (a) => {
        a.use(authenticate(keys.resolver));
        a.post(
          '/public',
          route({ body: z.object({ n: z.number().int().min(1) }) }, ({ body }) => ({ double: body.n * 2 })),
        );
        a.get(
          '/items/:id',
          route({ params: z.object({ id: z.uuid() }) }, ({ params }) => params),
        );
        a.get(
          '/me',
          requireAuth,
          route({}, ({ auth }) => ({ userId: auth?.userId })),
        );
        a.get(
          '/admin',
          requireRole('ADMIN'),
          route({}, () => ({ ok: true })),
        );
        a.get('/boom', () => {
          throw new Error('secret internals');
        });
        a.post(
          '/shape',
          route(
            {
              body: z.object({ points: z.array(z.number()) }).superRefine((b, ctx) => {
                if (b.points.length > 3)
                  ctx.addIssue({
                    code: 'custom',
                    message: 'at most 3 points',
                    params: { errorCode: 'shapeTooComplex', ringMax: 3, shapeMax: 3, ringsMax: 1 },
                  });
              }),
            },
            ({ body }) => body,
          ),
        );
        a.get('/conflict', () => {
          throw new AppError('illegalTransition', 409, 'fallback text');
        });
      },
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close?.());

  it('accepts a valid token and refuses tampered ones', async () => {
    const good = keys.sign({ role: 'USER' });
    expect((await http(base, 'GET', '/me', { token: good })).status).toBe(200);

    const [header, payload] = good.split('.');
    const noneHeader = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT', kid: keys.kid })).toString(
      'base64url',
    );
    const algNone = `${noneHeader}.${payload}.`;
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const wrongKey = jwt.sign(
      { sub: '3b0f5f0e-6d7c-4e2a-9a49-3c9d6f2a1b10', role: 'ADMIN', email: 'x@y.pl' },
      other.privateKey,
      {
        algorithm: 'RS256',
        keyid: keys.kid,
        issuer: JWT_ISSUER,
        audience: JWT_AUDIENCE,
      },
    );
    const hmacConfusion = jwt.sign(
      { sub: '3b0f5f0e-6d7c-4e2a-9a49-3c9d6f2a1b10', role: 'ADMIN', email: 'x@y.pl' },
      keys.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      { algorithm: 'HS256', keyid: keys.kid, issuer: JWT_ISSUER, audience: JWT_AUDIENCE },
    );
    const expired = keys.sign({ role: 'USER' }, { expiresIn: -10 });
    const tamperedPayload = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 'ADMIN' })).toString('base64url')}.${good.split('.')[2]}`;

    for (const [name, token, code] of [
      ['alg none', algNone, 'invalidToken'],
      ['wrong key', wrongKey, 'invalidToken'],
      ['HS256 with the public key', hmacConfusion, 'invalidToken'],
      ['expired', expired, 'tokenExpired'],
      ['payload edited', tamperedPayload, 'invalidToken'],
      ['garbage', 'abc.def', 'invalidToken'],
    ] as const) {
      const res = await http<{ code: string; statusCode: number }>(base, 'GET', '/me', { token });
      expect(res.status, name).toBe(401);
      expect(res.body.code, name).toBe(code);
    }
  });

  it('lets a stale token through to a public route (refresh must work)', async () => {
    const expired = keys.sign({ role: 'USER' }, { expiresIn: -10 });
    const res = await http(base, 'POST', '/public', { token: expired, body: { n: 2 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ double: 4 });
  });

  it('guards roles', async () => {
    expect((await http(base, 'GET', '/admin')).status).toBe(401);
    expect((await http(base, 'GET', '/admin', { token: keys.sign({ role: 'USER' }) })).status).toBe(403);
    expect((await http(base, 'GET', '/admin', { token: keys.sign({ role: 'ADMIN' }) })).status).toBe(200);
  });

  it('renders validation failures, bad JSON, unknown routes and crashes as the error body', async () => {
    const invalid = await http<{ code: string; details: { path: string }[] }>(base, 'POST', '/public', {
      body: { n: 0 },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('validationFailed');
    expect(invalid.body.details[0]!.path).toBe('body.n');

    const malformed = await fetch(`${base}/public`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"n":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({
      statusCode: 400,
      error: 'Bad Request',
      code: 'validationFailed',
    });

    const crash = await http<{ message: string; code: string }>(base, 'GET', '/boom');
    expect(crash.status).toBe(500);
    expect(crash.body.code).toBe('internal');
    expect(JSON.stringify(crash.body)).not.toContain('secret internals');

    expect((await http(base, 'GET', '/nope')).body).toMatchObject({ statusCode: 404, code: 'routeNotFound' });
  });

  it('answers 400 with the error body for a path parameter that is not valid percent-encoding (abuse finding F-3)', async () => {
    for (const bad of ['%E0%A4%A', '%;xH', 'a%zz']) {
      const res = await http<{ code: string }>(base, 'GET', `/items/${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'validationFailed' });
    }
  });

  it('translates the message into the user language from the code', async () => {
    const pl = await http<{ message: string }>(base, 'GET', '/conflict', {
      headers: { 'accept-language': 'pl' },
    });
    const uk = await http<{ message: string }>(base, 'GET', '/conflict', {
      headers: { 'accept-language': 'uk' },
    });
    const en = await http<{ message: string }>(base, 'GET', '/conflict', {
      headers: { 'x-gleba-lang': 'en' },
    });
    expect(pl.body.message).toBe('Ta zmiana statusu jest niedozwolona.');
    expect(uk.body.message).toBe('Така зміна статусу заборонена.');
    expect(en.body.message).toBe('This status change is not allowed.');
  });

  it('answers with the error code and parameters a schema names in a custom issue', async () => {
    const res = await http<{ code: string; message: string }>(base, 'POST', '/shape', {
      body: { points: [1, 2, 3, 4] },
      headers: { 'accept-language': 'en' },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('shapeTooComplex');
    expect(res.body.message).toContain('at most 3 in one outline');
    const ok = await http(base, 'POST', '/shape', { body: { points: [1, 2] } });
    expect(ok.status).toBe(200);
  });
});
