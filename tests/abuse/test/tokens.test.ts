import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorBody } from '@gleba/contracts';
import { http } from '@gleba/testkit';
import { createAdmin, createUser, startStack, type Actor, type Stack } from '../src/stack';
import { badTokens } from '../src/tokens';

/** A few protected endpoints of each service: [service, method, path]. */
const PROTECTED: [string, string, string][] = [
  ['identity', 'GET', '/api/users/me'],
  ['identity', 'GET', '/farm-api/users'],
  ['geo', 'GET', '/api/plots'],
  ['geo', 'GET', '/api/farm'],
  ['orders', 'GET', '/api/soil-tests'],
  ['orders', 'GET', '/garden-api/orders'],
  ['lab-import', 'GET', '/farm-api/imports'],
  ['lab-import', 'GET', '/api/results/fields/history?fieldName=x'],
  ['shipping', 'GET', '/api/shipments'],
  ['shipping', 'GET', '/farm-api/shipments'],
  ['notification', 'GET', '/api/notifications/in-app/unseen/count'],
  ['notification', 'GET', '/farm-api/deliveries'],
];

describe('abuse: tokens, refresh reuse and brute-force limits', () => {
  let stack: Stack;
  let user: Actor;
  let tokens: Record<string, string>;

  beforeAll(async () => {
    stack = await startStack('tokens');
    user = await createUser(stack, 'tok');
    await createAdmin(stack); // the seeded admin exists, so a forged ADMIN role would have something to reach
    const key = await stack.services.identity.ctx.db
      .selectFrom('signing_keys')
      .selectAll()
      .where('retired_at', 'is', null)
      .executeTakeFirstOrThrow();
    tokens = badTokens(
      user.accessToken,
      key.private_key_pem,
      typeof key.public_jwk === 'string' ? JSON.parse(key.public_jwk) : key.public_jwk,
    );
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('the real token is accepted (the checks below mean something)', async () => {
    for (const [, method, path] of PROTECTED.filter(([, , p]) => p.startsWith('/api'))) {
      const res = await stack.call(method, path, { token: user.accessToken });
      expect([401, 403], `${method} ${path} -> ${res.status}`).not.toContain(res.status); // GET /api/farm is a 404 before onboarding
    }
  });

  it('forged, expired, alg=none, wrong-key and HS256-with-public-key tokens answer 401 on every service, through the gateway and directly', async () => {
    let checked = 0;
    const failures: string[] = [];
    for (const [name, token] of Object.entries(tokens)) {
      for (const [service, method, path] of PROTECTED) {
        for (const base of [stack.gateway, stack.services[service as keyof Stack['services']].url]) {
          const res = await http(base, method, path, { token });
          checked++;
          const shape = ZErrorBody.safeParse(res.body);
          if (res.status !== 401 || !shape.success)
            failures.push(
              `${name}: ${method} ${base}${path} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`,
            );
        }
      }
    }
    console.log(`[abuse:tokens] ${checked} bad-token requests, ${failures.length} not 401`);
    expect(failures).toEqual([]);
  });

  it('a reused refresh token answers 401 and revokes its whole family', async () => {
    const login = await stack.call<{ accessToken: string; refreshToken: string }>('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
    const first = login.body.refreshToken;
    const rotated = await stack.call<{ accessToken: string; refreshToken: string }>(
      'POST',
      '/api/auth/refresh-token',
      { body: { refreshToken: first } },
    );
    expect(rotated.status).toBe(200);
    const reuse = await stack.call<{ code: string }>('POST', '/api/auth/refresh-token', {
      body: { refreshToken: first },
    });
    expect(reuse.status).toBe(401);
    expect(ZErrorBody.parse(reuse.body).code).toBe('reauthenticate');
    // The family is gone: the newest refresh token of that family no longer works either.
    const after = await stack.call('POST', '/api/auth/refresh-token', {
      body: { refreshToken: rotated.body.refreshToken },
    });
    expect(after.status).toBe(401);
    // An unrelated session (the activation's) still works.
    const other = await stack.call('POST', '/api/auth/refresh-token', {
      body: { refreshToken: user.refreshToken },
    });
    expect(other.status).toBe(200);
  });

  it('login brute force ends in 429 tooManyLoginAttempts, even for the right password afterwards', async () => {
    const victim = await createUser(stack, 'brute');
    const statuses: number[] = [];
    let last: unknown;
    for (let i = 0; i < 15; i++) {
      const res = await stack.call('POST', '/api/auth/login', {
        body: { email: victim.email, password: `Wrong${i}!pass` },
      });
      statuses.push(res.status);
      last = res.body;
      if (res.status === 429) break;
    }
    expect(statuses.at(-1), statuses.join(',')).toBe(429);
    expect(statuses.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(ZErrorBody.parse(last).code).toBe('tooManyLoginAttempts');
    const right = await stack.call('POST', '/api/auth/login', {
      body: { email: victim.email, password: victim.password },
    });
    expect(right.status).toBe(429);
    // The admin login shares the limit.
    const admin = await stack.call('POST', '/farm-api/auth/admin/login', {
      body: { email: victim.email, password: victim.password },
    });
    expect(admin.status).toBe(429);
  });

  it('an access token is refused through the gateway on every service once its session ended (logout, password change)', async () => {
    const status = async (token: string) =>
      Promise.all(
        PROTECTED.map(([, method, path]) => stack.call(method, path, { token }).then((r) => r.status)),
      );
    const owner = await createUser(stack, 'ended');
    const other = await stack.call<{ accessToken: string; refreshToken: string }>('POST', '/api/auth/login', {
      body: { email: owner.email, password: owner.password },
    });
    expect(other.status).toBe(200);
    // Before: let in (admin-only paths 403), never 401.
    expect((await status(owner.accessToken)).filter((s) => s === 401)).toEqual([]);

    expect(
      (await stack.call('POST', '/api/auth/logout', { token: owner.accessToken, body: {} })).status,
    ).toBe(204);
    expect(new Set(await status(owner.accessToken))).toEqual(new Set([401]));
    // The other session lives until the password changes: then it ends too, and the new one works.
    expect((await status(other.body.accessToken)).filter((s) => s === 401)).toEqual([]);
    const changed = await stack.call<{ accessToken: string }>('POST', '/api/users/me/password', {
      token: other.body.accessToken,
      body: { currentPassword: owner.password, password: 'Zmiana#2025x', confirmPassword: 'Zmiana#2025x' },
    });
    expect(changed.status).toBe(200);
    expect(new Set(await status(other.body.accessToken))).toEqual(new Set([401]));
    expect((await status(changed.body.accessToken)).filter((s) => s === 401)).toEqual([]);
  });

  it('password-reset requests end in 429 tooManyResetPasswordRequests', async () => {
    const statuses: number[] = [];
    let last: unknown;
    for (let i = 0; i < 10; i++) {
      const res = await stack.call('POST', '/api/auth/forgot-password', { body: { email: user.email } });
      statuses.push(res.status);
      last = res.body;
      if (res.status === 429) break;
    }
    expect(statuses.at(-1), statuses.join(',')).toBe(429);
    expect(ZErrorBody.parse(last).code).toBe('tooManyResetPasswordRequests');
  });
});
