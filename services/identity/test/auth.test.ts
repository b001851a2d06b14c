import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import {
  createTestKeys,
  dropTestDatabases,
  listenForEvents,
  startTestService,
  type EventListener,
  type TestService,
} from '@gleba/testkit';
import {
  ActivationLinkRequestedV1,
  NewsletterConsentChangedV1,
  PasswordResetRequestedV1,
  UserActivatedV1,
  UserRegisteredV1,
  type EventData,
} from '@gleba/contracts';
import { JWT_AUDIENCE, JWT_ISSUER } from '@gleba/platform';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { identityService } from '../src/service';
import { STRONG_PASSWORD, http, registration } from './helpers';

type LinkRequested = EventData<typeof ActivationLinkRequestedV1>;

describe('identity: registration, activation, sessions, password reset', () => {
  let service: TestService<Database, Config>;
  let events: EventListener;
  let url: string;
  const email = 'alicja@example.com';
  let userId: string;
  let tokens: { accessToken: string; refreshToken: string };

  beforeAll(async () => {
    service = await startTestService(identityService, {
      config: {
        RESET_LIMIT_PER_EMAIL: 3,
        RESET_LIMIT_PER_IP: 5,
        LOGIN_LIMIT_PER_ACCOUNT: 2,
        LOGIN_LIMIT_PER_IP: 3,
      },
    });
    url = service.url;
    events = await listenForEvents(service.ctx.config.EVENTS_EXCHANGE);
  });
  afterAll(async () => {
    await events?.close();
    await service?.cleanup();
    await dropTestDatabases();
  });

  describe('registration rules (spec 5)', () => {
    it.each([
      ['password too short', { password: 'Ab1!', confirmPassword: 'Ab1!' }, 'passwordTooShort'],
      [
        'password without a digit',
        { password: 'Rolnik#abc', confirmPassword: 'Rolnik#abc' },
        'passwordNeedsDigit',
      ],
      [
        'password without a lowercase letter',
        { password: 'ROLNIK#2024', confirmPassword: 'ROLNIK#2024' },
        'passwordNeedsLowercase',
      ],
      [
        'password without an uppercase letter',
        { password: 'rolnik#2024', confirmPassword: 'rolnik#2024' },
        'passwordNeedsUppercase',
      ],
      [
        'password without a special character',
        { password: 'Rolnik2024', confirmPassword: 'Rolnik2024' },
        'passwordNeedsSpecial',
      ],
      ['confirmation not matching', { confirmPassword: 'Rolnik#2025' }, 'passwordsDoNotMatch'],
      ['e-mail without a domain', { email: 'alicja@' }, 'invalidEmail'],
      ['e-mail too short', { email: 'a@b' }, 'emailTooShort'],
      ['a short word with no @ (not an address, not a short one)', { email: 'jan' }, 'invalidEmail'],
      ['e-mail too long', { email: `${'a'.repeat(250)}@example.com` }, 'emailTooLong'],
      ['terms not accepted', { termsAccepted: false }, 'termsNotAccepted'],
      ['privacy policy not accepted', { privacyPolicyAccepted: false }, 'termsNotAccepted'],
      ['first name too short', { firstName: 'A' }, 'nameTooShort'],
      ['last name too long', { lastName: 'K'.repeat(51) }, 'nameTooLong'],
      ['phone number malformed', { phoneNumber: '12-34' }, 'invalidPhoneNumber'],
      ['phone number missing', { phoneNumber: undefined }, 'invalidPhoneNumber'],
    ])('refuses %s', async (_label, override, code) => {
      const res = await http(url, 'POST', '/api/auth/register', { body: registration(override) });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request', code });
      expect(res.body.details[0].message).toBe(code);
    });

    it('refuses a gender outside MAN/WOMAN as validationFailed', async () => {
      const res = await http(url, 'POST', '/api/auth/register', {
        body: registration({ genderType: 'OTHER' }),
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('validationFailed');
      expect(res.body.details[0].path).toBe('body.genderType');
    });
  });

  it('registers an inactive account, normalises the phone and asks for an activation link', async () => {
    const res = await http(url, 'POST', '/api/auth/register', {
      body: registration({ email: 'Alicja@Example.com', newsletterConsent: true }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email,
      phoneNumber: '+48600700800',
      isActive: false,
      isEnabled: true,
      role: 'USER',
      genderType: 'WOMAN',
    });
    userId = res.body.id;
    const registered = await events.next<EventData<typeof UserRegisteredV1>>(
      UserRegisteredV1.type,
      (e) => e.data.userId === userId,
    );
    expect(registered.data).toMatchObject({
      email,
      phoneNumber: '+48600700800',
      newsletterConsent: true,
      role: 'USER',
    });
    await events.next<EventData<typeof NewsletterConsentChangedV1>>(
      NewsletterConsentChangedV1.type,
      (e) => e.data.userId === userId && e.data.consent === true,
    );
    const link = await events.next<LinkRequested>(
      ActivationLinkRequestedV1.type,
      (e) => e.data.userId === userId,
    );
    expect(link.data.token.length).toBeGreaterThanOrEqual(40);
    // Only a hash is stored.
    const stored = await service.ctx.db
      .selectFrom('one_time_tokens')
      .select('token_hash')
      .where('user_id', '=', userId)
      .execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(link.data.token);
  });

  it('refuses a second registration with the same e-mail', async () => {
    const res = await http(url, 'POST', '/api/auth/register', {
      body: registration({ email: 'ALICJA@example.com' }),
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('userAlreadyExists');
    expect(res.body.message).toBe('Użytkownik już istnieje.');
  });

  it('refuses to log in before activation, tells a wrong password apart only as invalid credentials', async () => {
    const inactive = await http(url, 'POST', '/api/auth/login', {
      body: { email, password: STRONG_PASSWORD },
    });
    expect(inactive.status).toBe(403);
    expect(inactive.body.code).toBe('accountNotActive');
    const wrong = await http(url, 'POST', '/api/auth/login', {
      body: { email, password: 'Wrong#2024' },
      headers: { 'accept-language': 'en' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'invalidCredentials', message: 'Invalid e-mail or password.' });
    const unknown = await http(url, 'POST', '/api/auth/login', {
      body: { email: 'nobody@example.com', password: STRONG_PASSWORD },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('invalidCredentials');
  });

  it('resends the link (the old one stops working) and activates with tokens once', async () => {
    const first = await events.next<LinkRequested>(
      ActivationLinkRequestedV1.type,
      (e) => e.data.userId === userId,
    );
    const resend = await http(url, 'POST', '/api/auth/activation-link', { body: { email } });
    expect(resend.status).toBe(200);
    const second = await events.next<LinkRequested>(
      ActivationLinkRequestedV1.type,
      (e) => e.data.userId === userId && e.data.token !== first.data.token,
    );
    const stale = await http(url, 'GET', `/api/auth/activate/${first.data.token}`);
    expect(stale.status).toBe(400);
    expect(stale.body.code).toBe('invalidOrExpiredLink');

    const ok = await http(url, 'GET', `/api/auth/activate/${second.data.token}`);
    expect(ok.status).toBe(200);
    expect(Object.keys(ok.body).sort()).toEqual(['accessToken', 'refreshToken']);
    tokens = ok.body;
    await events.next<EventData<typeof UserActivatedV1>>(
      UserActivatedV1.type,
      (e) => e.data.userId === userId,
    );
    const again = await http(url, 'GET', `/api/auth/activate/${second.data.token}`);
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('invalidOrExpiredLink');
    // An unknown e-mail gets the same answer (no enumeration).
    expect(
      (await http(url, 'POST', '/api/auth/activation-link', { body: { email: 'nobody@example.com' } }))
        .status,
    ).toBe(200);
  });

  it('issues RS256 access tokens with kid, issuer, audience and exactly the contract claims; publishes the key', async () => {
    const decoded = jwt.decode(tokens.accessToken, { complete: true }) as unknown as {
      header: jwt.JwtHeader;
      payload: jwt.JwtPayload;
    };
    expect(decoded.header.alg).toBe('RS256');
    expect(decoded.header.kid).toBeTruthy();
    const { iat, exp, iss, aud, ...claims } = decoded.payload;
    expect(iss).toBe(JWT_ISSUER);
    expect(aud).toBe(JWT_AUDIENCE);
    expect(exp! - iat!).toBe(900);
    expect(Object.keys(claims).sort()).toEqual(['email', 'lang', 'role', 'sid', 'sub']);
    expect(claims).toMatchObject({ sub: userId, role: 'USER', email, lang: 'pl' });

    const jwks = await http<{ keys: { kid: string }[] }>(url, 'GET', '/.well-known/jwks.json');
    expect(jwks.status).toBe(200);
    expect(jwks.body.keys.map((k) => k.kid)).toContain(decoded.header.kid);
    expect(jwks.body.keys[0]).not.toHaveProperty('d');

    const me = await http(url, 'GET', '/api/users/me', { token: tokens.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      id: userId,
      email,
      isActive: true,
      isDataComplete: false,
      socialAccounts: [],
    });
    expect((await http(url, 'GET', '/farm-api/users/me', { token: tokens.accessToken })).status).toBe(200);
    expect((await http(url, 'GET', '/api/users/me')).status).toBe(401);
  });

  it('refuses tampered tokens: alg none, expired, another key, changed payload', async () => {
    const decoded = jwt.decode(tokens.accessToken, { complete: true }) as unknown as {
      header: jwt.JwtHeader;
      payload: jwt.JwtPayload;
    };
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const none = `${b64({ alg: 'none', typ: 'JWT', kid: decoded.header.kid })}.${b64(decoded.payload)}.`;
    const r1 = await http(url, 'GET', '/api/users/me', { token: none });
    expect(r1.status).toBe(401);
    expect(r1.body.code).toBe('invalidToken');

    const key = await service.ctx.db.selectFrom('signing_keys').selectAll().executeTakeFirstOrThrow();
    const { iat: _i, exp: _e, ...claims } = decoded.payload;
    const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, key.private_key_pem, {
      algorithm: 'RS256',
      keyid: key.kid,
    });
    const r2 = await http(url, 'GET', '/api/users/me', { token: expired });
    expect(r2.status).toBe(401);
    expect(r2.body.code).toBe('tokenExpired');

    const foreign = createTestKeys().sign({ sub: userId, email });
    const r3 = await http(url, 'GET', '/api/users/me', { token: foreign });
    expect(r3.status).toBe(401);
    expect(r3.body.code).toBe('invalidToken');

    // Same header and signature, but an admin role in the payload.
    const [h, , s] = tokens.accessToken.split('.');
    const forged = `${h}.${b64({ ...decoded.payload, role: 'ADMIN' })}.${s}`;
    const r4 = await http(url, 'GET', '/farm-api/users', { token: forged });
    expect(r4.status).toBe(401);
    // HMAC with the public key as secret (key confusion).
    const pub = await http(url, 'GET', '/.well-known/jwks.json');
    const hs = jwt.sign(claims, JSON.stringify(pub.body.keys[0]), { algorithm: 'HS256', keyid: key.kid });
    expect((await http(url, 'GET', '/api/users/me', { token: hs })).status).toBe(401);
  });

  it('rotates refresh tokens; a reused one revokes the whole family', async () => {
    const login = await http(url, 'POST', '/api/auth/login', { body: { email, password: STRONG_PASSWORD } });
    expect(login.status).toBe(200);
    const first = login.body.refreshToken;
    const rotated = await http(url, 'POST', '/api/auth/refresh-token', { body: { refreshToken: first } });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refreshToken).not.toBe(first);
    const sid = (t: string) => (jwt.decode(t) as jwt.JwtPayload).sid;
    expect(sid(rotated.body.accessToken)).toBe(sid(login.body.accessToken));

    const replay = await http(url, 'POST', '/api/auth/refresh-token', {
      body: { refreshToken: first },
      headers: { 'accept-language': 'en' },
    });
    expect(replay.status).toBe(401);
    expect(replay.body).toMatchObject({ code: 'reauthenticate', message: 'Please re-authenticate.' });
    const victim = await http(url, 'POST', '/api/auth/refresh-token', {
      body: { refreshToken: rotated.body.refreshToken },
    });
    expect(victim.status).toBe(401);
    expect(victim.body.code).toBe('reauthenticate');
    expect(
      (await http(url, 'POST', '/api/auth/refresh-token', { body: { refreshToken: 'made-up' } })).status,
    ).toBe(401);

    // The session from activation is another family and still works.
    const other = await http(url, 'POST', '/api/auth/refresh-token', {
      body: { refreshToken: tokens.refreshToken },
    });
    expect(other.status).toBe(200);
    tokens = other.body;
  });

  it('logs out: the refresh token of the session stops working', async () => {
    const out = await http(url, 'POST', '/api/auth/logout', {
      token: tokens.accessToken,
      body: { refreshToken: tokens.refreshToken },
    });
    expect(out.status).toBe(204);
    const after = await http(url, 'POST', '/api/auth/refresh-token', {
      body: { refreshToken: tokens.refreshToken },
    });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('reauthenticate');
  });

  it('forgot password: unknown e-mail is told, a known one gets a single-use link that signs in', async () => {
    const ip = '10.200.0.1';
    const unknown = await http(url, 'POST', '/api/auth/forgot-password', {
      body: { email: 'nobody@example.com' },
      ip,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('emailDoesNotExist');

    const res = await http(url, 'POST', '/api/auth/forgot-password', { body: { email }, ip });
    expect(res.status).toBe(200);
    const reset = await events.next<EventData<typeof PasswordResetRequestedV1>>(
      PasswordResetRequestedV1.type,
      (e) => e.data.userId === userId,
    );
    expect(reset.data.app).toBe('customer');
    const token = reset.data.token;

    const check = await http(url, 'GET', `/api/auth/reset-password/${token}`);
    expect(check.status).toBe(200);
    expect(check.body).toEqual({ valid: true, email });
    expect((await http(url, 'GET', `/api/auth/set-password/${token}`)).status).toBe(200);
    expect((await http(url, 'GET', '/api/auth/set-password/not-a-token')).body.code).toBe(
      'invalidOrExpiredLink',
    );

    const mismatch = await http(url, 'POST', `/api/auth/set-password/${token}`, {
      body: { password: 'Nowe#Haslo1', confirmPassword: 'Nowe#Haslo2' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.code).toBe('passwordsDoNotMatch');
    const weak = await http(url, 'POST', `/api/auth/set-password/${token}`, {
      body: { password: 'nowehaslo', confirmPassword: 'nowehaslo' },
    });
    expect(weak.body.code).toBe('passwordNeedsDigit');

    const set = await http(url, 'POST', `/api/auth/set-password/${token}`, {
      body: { password: 'Nowe#Haslo1', confirmPassword: 'Nowe#Haslo1' },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ email });
    expect((await http(url, 'GET', '/api/users/me', { token: set.body.accessToken })).status).toBe(200);
    const reuse = await http(url, 'POST', `/api/auth/set-password/${token}`, {
      body: { password: 'Inne#Haslo1', confirmPassword: 'Inne#Haslo1' },
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.code).toBe('invalidOrExpiredLink');
    const oldPassword = await http(url, 'POST', '/api/auth/login', {
      body: { email, password: STRONG_PASSWORD },
    });
    expect(oldPassword.body.code).toBe('invalidCredentials');
  });

  it('limits forgot-password requests per e-mail and per IP (tooManyResetPasswordRequests)', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (await http(url, 'POST', '/api/auth/forgot-password', { body: { email: 'limited@example.com' } }))
          .body.code,
      );
    }
    expect(codes).toEqual([
      'emailDoesNotExist',
      'emailDoesNotExist',
      'emailDoesNotExist',
      'tooManyResetPasswordRequests',
    ]);
    const ip = '10.201.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await http(url, 'POST', '/api/auth/forgot-password', { body: { email: `x${i}@example.com` }, ip }))
          .status,
      );
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
    const last = await http(url, 'POST', '/api/auth/forgot-password', {
      body: { email: 'y@example.com' },
      ip,
      headers: { 'x-gleba-lang': 'uk' },
    });
    expect(last.body).toMatchObject({
      statusCode: 429,
      code: 'tooManyResetPasswordRequests',
      message: 'Забагато спроб скидання пароля. Спробуйте пізніше.',
    });
  });

  it('limits failed logins per account and per IP', async () => {
    const account = 'guess@example.com';
    const codes: string[] = [];
    for (let i = 0; i < 3; i++)
      codes.push(
        (await http(url, 'POST', '/api/auth/login', { body: { email: account, password: `Guess#${i}aa` } }))
          .body.code,
      );
    expect(codes).toEqual(['invalidCredentials', 'invalidCredentials', 'tooManyLoginAttempts']);
    const ip = '10.202.0.1';
    const byIp: number[] = [];
    for (let i = 0; i < 4; i++)
      byIp.push(
        (
          await http(url, 'POST', '/api/auth/login', {
            body: { email: `g${i}@example.com`, password: 'Guess#1aa' },
            ip,
          })
        ).status,
      );
    expect(byIp).toEqual([401, 401, 401, 429]);
  });

  it('keeps sessions valid across a restart (keys live in the database)', async () => {
    const login = await http(url, 'POST', '/api/auth/login', { body: { email, password: 'Nowe#Haslo1' } });
    expect(login.status).toBe(200);
    const again = await startTestService(identityService, { databaseUrl: service.ctx.config.DATABASE_URL });
    try {
      const me = await http(again.url, 'GET', '/api/users/me', { token: login.body.accessToken });
      expect(me.status).toBe(200);
      expect(
        (
          await http(again.url, 'POST', '/api/auth/refresh-token', {
            body: { refreshToken: login.body.refreshToken },
          })
        ).status,
      ).toBe(200);
    } finally {
      await again.cleanup();
    }
  });
});
