import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { Redis } from 'ioredis';
import {
  dropTestDatabases,
  listenForEvents,
  startTestService,
  type EventListener,
  type TestService,
} from '@gleba/testkit';
import {
  ActivationLinkRequestedV1,
  PasswordResetRequestedV1,
  revokedSessionKey,
  type EventData,
} from '@gleba/contracts';
import { loadConfig } from '@gleba/platform';
import { ZConfig, type Config } from '../src/config';
import type { Database } from '../src/db/database';
import { seed } from '../src/seed';
import { identityService } from '../src/service';
import { STRONG_PASSWORD, http, registration } from './helpers';

type Pair = { accessToken: string; refreshToken: string };
const sid = (accessToken: string) => (jwt.decode(accessToken) as { sid: string }).sid;

describe('identity: login lockout, ended sessions, password change limits', () => {
  let service: TestService<Database, Config>;
  let events: EventListener;
  let redis: Redis;
  let url: string;
  let n = 0;

  beforeAll(async () => {
    service = await startTestService(identityService, { config: { BCRYPT_COST: 10 } });
    url = service.url;
    events = await listenForEvents(service.ctx.config.EVENTS_EXCHANGE);
    redis = new Redis(service.ctx.config.REDIS_URL);
  });
  afterAll(async () => {
    redis?.disconnect();
    await events?.close();
    await service?.cleanup();
    await dropTestDatabases();
  });

  async function activeUser(): Promise<{ email: string; id: string; tokens: Pair }> {
    const email = `session${n++}@example.com`;
    const reg = await http(url, 'POST', '/api/auth/register', { body: registration({ email }) });
    expect(reg.status).toBe(201);
    const link = await events.next<EventData<typeof ActivationLinkRequestedV1>>(
      ActivationLinkRequestedV1.type,
      (e) => e.data.email === email,
    );
    const tokens = (await http(url, 'GET', `/api/auth/activate/${link.data.token}`)).body as Pair;
    return { email, id: reg.body.id, tokens };
  }
  const ended = async (accessToken: string) =>
    (await redis.exists(revokedSessionKey(service.ctx.config.REDIS_PREFIX, sid(accessToken)))) === 1;

  it('40 parallel wrong passwords for one account: at most the limit is compared, the rest get 429', async () => {
    const { email } = await activeUser();
    const limit = service.ctx.config.LOGIN_LIMIT_PER_ACCOUNT;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        http(url, 'POST', '/api/auth/login', { body: { email, password: `Wrong#${i}pass` } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(limit);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - limit);
    expect(answers.find((a) => a.status === 429)!.body.code).toBe('tooManyLoginAttempts');
    // Locked: even the right password waits.
    const right = await http(url, 'POST', '/api/auth/login', { body: { email, password: STRONG_PASSWORD } });
    expect(right.status).toBe(429);
  });

  it('a right password clears the account counter and does not count against the IP', async () => {
    const { email } = await activeUser();
    const ip = '10.203.0.1';
    for (let i = 0; i < 3; i++)
      expect(
        (await http(url, 'POST', '/api/auth/login', { body: { email, password: 'Wrong#1pass' }, ip })).status,
      ).toBe(401);
    const ok = await http(url, 'POST', '/api/auth/login', { body: { email, password: STRONG_PASSWORD }, ip });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const prefix = `${service.ctx.config.REDIS_PREFIX}:identity:rl:login`;
    expect(await redis.get(`${prefix}:account:${email}`)).toBeNull();
    expect(await redis.get(`${prefix}:ip:${ip}`)).toBe('3');
  });

  it('logout marks the session ended for the gateway (its access token is refused there)', async () => {
    const { tokens } = await activeUser();
    expect(await ended(tokens.accessToken)).toBe(false);
    const out = await http(url, 'POST', '/api/auth/logout', { token: tokens.accessToken, body: {} });
    expect(out.status).toBe(204);
    expect(await ended(tokens.accessToken)).toBe(true);
    const ttl = await redis.ttl(revokedSessionKey(service.ctx.config.REDIS_PREFIX, sid(tokens.accessToken)));
    expect(ttl).toBeGreaterThan(service.ctx.config.ACCESS_TOKEN_TTL_SECONDS);
    expect(ttl).toBeLessThanOrEqual(service.ctx.config.ACCESS_TOKEN_TTL_SECONDS + 60);
  });

  it('a password change ends every session (this one too) and earlier reset links; the answer is a new session', async () => {
    const { email, id, tokens } = await activeUser();
    const other = (await http(url, 'POST', '/api/auth/login', { body: { email, password: STRONG_PASSWORD } }))
      .body as Pair;
    await http(url, 'POST', '/api/auth/forgot-password', { body: { email } });
    const reset = await events.next<EventData<typeof PasswordResetRequestedV1>>(
      PasswordResetRequestedV1.type,
      (e) => e.data.userId === id,
    );
    expect((await http(url, 'GET', `/api/auth/reset-password/${reset.data.token}`)).body.valid).toBe(true);

    const changed = await http(url, 'POST', '/api/users/me/password', {
      token: tokens.accessToken,
      body: { currentPassword: STRONG_PASSWORD, password: 'Zmiana#2025', confirmPassword: 'Zmiana#2025' },
    });
    expect(changed.status).toBe(200);
    expect(await ended(tokens.accessToken)).toBe(true);
    expect(await ended(other.accessToken)).toBe(true);
    expect(await ended(changed.body.accessToken)).toBe(false);
    for (const pair of [tokens, other])
      expect(
        (await http(url, 'POST', '/api/auth/refresh-token', { body: { refreshToken: pair.refreshToken } }))
          .status,
      ).toBe(401);
    const link = await http(url, 'GET', `/api/auth/reset-password/${reset.data.token}`);
    expect(link.status).toBe(400);
    expect(link.body.code).toBe('invalidOrExpiredLink');
    const use = await http(url, 'POST', `/api/auth/set-password/${reset.data.token}`, {
      body: { password: 'Inne#Haslo1', confirmPassword: 'Inne#Haslo1' },
    });
    expect(use.status).toBe(400);
  });

  it('a password reset through a link ends every earlier session for the gateway', async () => {
    const { email, id, tokens } = await activeUser();
    await http(url, 'POST', '/api/auth/forgot-password', { body: { email } });
    const reset = await events.next<EventData<typeof PasswordResetRequestedV1>>(
      PasswordResetRequestedV1.type,
      (e) => e.data.userId === id,
    );
    const set = await http(url, 'POST', `/api/auth/set-password/${reset.data.token}`, {
      body: { password: 'Nowe#Haslo1', confirmPassword: 'Nowe#Haslo1' },
    });
    expect(set.status).toBe(200);
    expect(await ended(tokens.accessToken)).toBe(true);
    expect(await ended(set.body.accessToken)).toBe(false);
  });

  it('limits guesses of the current password (429 after the limit, even with the right one), in the user language', async () => {
    const { tokens } = await activeUser();
    const limit = service.ctx.config.PASSWORD_CHANGE_LIMIT_PER_ACCOUNT;
    const body = (current: string) => ({
      currentPassword: current,
      password: 'Zmiana#2025',
      confirmPassword: 'Zmiana#2025',
    });
    const statuses: number[] = [];
    for (let i = 0; i < limit + 1; i++)
      statuses.push(
        (
          await http(url, 'POST', '/api/users/me/password', {
            token: tokens.accessToken,
            body: body(`Guess#${i}x`),
          })
        ).status,
      );
    expect(statuses).toEqual([...Array<number>(limit).fill(400), 429]);
    const right = await http(url, 'POST', '/api/users/me/password', {
      token: tokens.accessToken,
      body: body(STRONG_PASSWORD),
      headers: { 'x-gleba-lang': 'uk' },
    });
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({
      code: 'tooManyPasswordAttempts',
      message: 'Забагато спроб введення поточного пароля. Спробуйте пізніше.',
    });
    // Parallel guesses cannot pass the check together either.
    const fresh = await activeUser();
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        http(url, 'POST', '/api/users/me/password', {
          token: fresh.tokens.accessToken,
          body: body(`Guess#${i}y`),
        }),
      ),
    );
    expect(burst.filter((r) => r.status === 400)).toHaveLength(limit);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(20 - limit);
  });

  it('in production refuses to start on the simulator defaults of the social sign-in secrets, naming them', () => {
    const env = {
      NODE_ENV: 'production',
      SERVICE_NAME: 'identity',
      DATABASE_URL: 'postgres://x@127.0.0.1:5432/x',
      GOOGLE_CLIENT_ID: 'real-id',
      APPLE_CLIENT_ID: 'apple-id',
      APPLE_PRIVATE_KEY: 'key',
      FACEBOOK_APP_ID: 'fb-id',
    };
    const options = { productionSecrets: identityService.productionSecrets };
    expect(() => loadConfig(ZConfig, env, options)).toThrow(/GOOGLE_CLIENT_SECRET[\s\S]*FACEBOOK_APP_SECRET/);
    expect(() => loadConfig(ZConfig, env, options)).not.toThrow(/APPLE_CLIENT_SECRET/);
    expect(() =>
      loadConfig(ZConfig, { ...env, GOOGLE_CLIENT_SECRET: 's', FACEBOOK_APP_SECRET: 's' }, options),
    ).not.toThrow();
    expect(() => loadConfig(ZConfig, { ...env, NODE_ENV: 'development' }, options)).not.toThrow();
  });

  it('the demo seed (known passwords) refuses to run in production and creates nothing', async () => {
    await expect(seed(service.ctx.db, { bcryptCost: 10, env: { NODE_ENV: 'production' } })).rejects.toThrow(
      /production/,
    );
    const admins = await service.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'admin@gleba.local')
      .execute();
    expect(admins).toHaveLength(0);
  });
});
