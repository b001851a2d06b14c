import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserActivatedV1, UserRegisteredV1, type EventData } from '@gleba/contracts';
import {
  dropTestDatabases,
  listenForEvents,
  startTestService,
  type EventListener,
  type TestService,
} from '@gleba/testkit';
import { startOidcSimulator, type OidcSimulatorHandle } from '../../../infra/simulators/src/oidc';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { identityService } from '../src/service';
import { http, registration } from './helpers';

const APP = 'http://app.gleba.test';

describe('identity: social sign-in (Google, Facebook, Apple) against the local OIDC simulator', () => {
  let service: TestService<Database, Config>;
  let sim: OidcSimulatorHandle;
  let events: EventListener;
  let url: string;

  beforeAll(async () => {
    sim = await startOidcSimulator({ port: 0 });
    service = await startTestService(identityService, {
      config: { OIDC_BASE_URL: sim.url, CUSTOMER_APP_URL: APP },
    });
    url = service.url;
    events = await listenForEvents(service.ctx.config.EVENTS_EXCHANGE);
  });
  afterAll(async () => {
    await events?.close();
    await service?.cleanup();
    await sim?.close();
    await dropTestDatabases();
  });

  /** Drives the browser's part: identity -> provider -> identity callback -> SPA; returns the SPA URL. */
  async function signIn(
    provider: 'google' | 'facebook' | 'apple',
    email: string,
    before?: () => void,
    acceptLanguage?: string,
  ): Promise<URL> {
    const browser = acceptLanguage ? { 'accept-language': acceptLanguage } : undefined;
    const start = await fetch(`${url}/api/auth/social/${provider}`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin).toBe(sim.url);
    expect(authorize.searchParams.get('state')).toBeTruthy();
    if (provider !== 'facebook') expect(authorize.searchParams.get('nonce')).toBeTruthy();
    authorize.searchParams.set('login_hint', email);
    before?.();
    const atProvider = await fetch(authorize, { redirect: 'manual' });
    let callback: Response;
    if (provider === 'apple') {
      // response_mode=form_post: the provider's page posts the code to our callback.
      expect(atProvider.status).toBe(200);
      const html = await atProvider.text();
      const action = /action="([^"]+)"/.exec(html)![1]!.replace(/&#38;/g, '&');
      const fields = Object.fromEntries(
        [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      callback = await fetch(action, {
        method: 'POST',
        body: new URLSearchParams(fields),
        redirect: 'manual',
        headers: browser,
      });
    } else {
      expect(atProvider.status).toBe(302);
      callback = await fetch(atProvider.headers.get('location')!, { redirect: 'manual', headers: browser });
    }
    expect(callback.status).toBe(302);
    return new URL(callback.headers.get('location')!);
  }

  async function exchange(spa: URL) {
    expect(spa.origin + spa.pathname).toBe(`${APP}/login`);
    const code = spa.searchParams.get('authCode');
    expect(code).toBeTruthy();
    const res = await http(url, 'GET', '/api/auth/token-exchange', {
      headers: { accept: 'application/json', authCode: code! },
    });
    expect(res.status).toBe(200);
    const again = await http(url, 'GET', '/api/auth/token-exchange', { headers: { authCode: code! } });
    expect(again.status).toBe(401);
    expect(again.body.code).toBe('invalidAuthCode');
    return res.body as { accessToken: string; refreshToken: string };
  }

  let googleUserId: string;

  it('Google: creates an active account and signs in through a one-time auth code', async () => {
    const tokens = await exchange(await signIn('google', 'ogrodnik@example.com'));
    const me = await http(url, 'GET', '/api/users/me', { token: tokens.accessToken });
    expect(me.body).toMatchObject({
      email: 'ogrodnik@example.com',
      isActive: true,
      socialAccounts: ['GOOGLE'],
      firstName: 'Social',
    });
    googleUserId = me.body.id;
    await events.next<EventData<typeof UserRegisteredV1>>(
      UserRegisteredV1.type,
      (e) => e.data.userId === googleUserId,
    );
    await events.next<EventData<typeof UserActivatedV1>>(
      UserActivatedV1.type,
      (e) => e.data.userId === googleUserId,
    );
    // A second sign-in finds the same account by the provider's subject.
    const again = await exchange(await signIn('google', 'ogrodnik@example.com'));
    expect((await http(url, 'GET', '/api/users/me', { token: again.accessToken })).body.id).toBe(
      googleUserId,
    );
  });

  it("a new account made by a social sign-in speaks the browser's language", async () => {
    const tokens = await exchange(
      await signIn('google', 'ogrodniczka@example.com', undefined, 'uk-UA,uk;q=0.9'),
    );
    const me = await http(url, 'GET', '/api/users/me', { token: tokens.accessToken });
    expect(me.body).toMatchObject({ email: 'ogrodniczka@example.com', language: 'uk' });
  });

  it('Facebook: the access token is checked with debug_token; links by verified e-mail', async () => {
    const tokens = await exchange(await signIn('facebook', 'ogrodnik@example.com'));
    const me = await http(url, 'GET', '/api/users/me', { token: tokens.accessToken });
    expect(me.body.id).toBe(googleUserId);
    expect(me.body.socialAccounts).toEqual(['FACEBOOK', 'GOOGLE']);
  });

  it('Apple (form_post): links to a registered, not yet activated account and activates it', async () => {
    const reg = await http(url, 'POST', '/api/auth/register', {
      body: registration({ email: 'sadownik@example.com' }),
    });
    expect(reg.status).toBe(201);
    const tokens = await exchange(await signIn('apple', 'sadownik@example.com'));
    const me = await http(url, 'GET', '/api/users/me', { token: tokens.accessToken });
    expect(me.body).toMatchObject({
      id: reg.body.id,
      isActive: true,
      socialAccounts: ['APPLE'],
      phoneNumber: '+48600700800',
    });
    await events.next<EventData<typeof UserActivatedV1>>(
      UserActivatedV1.type,
      (e) => e.data.userId === reg.body.id,
    );
  });

  it.each([
    ['a wrong nonce', { nonce: 'not-the-nonce' }],
    ['another audience', { aud: 'someone-else' }],
    [
      'an expired ID token',
      { exp: Math.floor(Date.now() / 1000) - 120, iat: Math.floor(Date.now() / 1000) - 3720 },
    ],
    ['another issuer', { iss: 'https://evil.example.com' }],
    ['an unverified e-mail', { email_verified: false }],
  ])('refuses an ID token with %s', async (_label, patch) => {
    const spa = await signIn('google', 'inny@example.com', () => sim.tamperNextIdToken(patch));
    expect(spa.searchParams.get('authCode')).toBeNull();
    expect(spa.searchParams.get('error')).toBe('socialSignInFailed');
  });

  it.each([
    ['for another app', { app_id: 'someone-elses-app' }],
    ['that expired', { expires_at: Math.floor(Date.now() / 1000) - 60 }],
    ['that is not valid', { is_valid: false }],
  ])('refuses a Facebook access token %s (debug_token)', async (_label, patch) => {
    const spa = await signIn('facebook', 'fb-other@example.com', () => sim.tamperNextFacebookDebug(patch));
    expect(spa.searchParams.get('authCode')).toBeNull();
    expect(spa.searchParams.get('error')).toBe('socialSignInFailed');
  });

  it('refuses a replayed or unknown state and an unknown provider', async () => {
    const start = await fetch(`${url}/api/auth/social/google`, { redirect: 'manual' });
    const atProvider = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = atProvider.headers.get('location')!;
    const first = await fetch(callback, { redirect: 'manual' });
    expect(new URL(first.headers.get('location')!).searchParams.get('authCode')).toBeTruthy();
    const replay = await fetch(callback, { redirect: 'manual' });
    expect(new URL(replay.headers.get('location')!).searchParams.get('error')).toBe('socialSignInFailed');
    const forged = await fetch(`${url}/api/auth/social/google/callback?code=x&state=forged`, {
      redirect: 'manual',
    });
    expect(new URL(forged.headers.get('location')!).searchParams.get('error')).toBe('socialSignInFailed');
    expect((await http(url, 'GET', '/api/auth/social/myspace')).status).toBe(400);
    expect((await http(url, 'GET', '/api/auth/token-exchange')).body.code).toBe('invalidAuthCode');
  });
});
