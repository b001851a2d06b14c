import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActivationLinkRequestedV1,
  NewsletterConsentChangedV1,
  PasswordResetRequestedV1,
  ProfileUpdatedV1,
  UserReinstatedV1,
  UserSuspendedV1,
  suspendedAccountKey,
  type EventData,
  type TAdminUsersResponse,
} from '@gleba/contracts';
import {
  dropTestDatabases,
  listenForEvents,
  startTestService,
  type EventListener,
  type TestService,
} from '@gleba/testkit';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { DEMO_ADMIN, DEMO_FARMER, seed } from '../src/seed';
import { identityService } from '../src/service';
import { ADDRESS, STRONG_PASSWORD, VALID_NIP, http, registration } from './helpers';

type ProfileUpdated = EventData<typeof ProfileUpdatedV1>;
type ResetRequested = EventData<typeof PasswordResetRequestedV1>;

describe('identity: profile, account settings, admin', () => {
  let service: TestService<Database, Config>;
  let events: EventListener;
  let url: string;
  let admin: string;
  let farmer: { accessToken: string; refreshToken: string };
  let farmerId: string;
  let user: { accessToken: string; refreshToken: string };
  let userId: string;

  beforeAll(async () => {
    service = await startTestService(identityService);
    url = service.url;
    events = await listenForEvents(service.ctx.config.EVENTS_EXCHANGE);
    expect(await seed(service.ctx.db, { bcryptCost: 12 })).toEqual([DEMO_ADMIN.email, DEMO_FARMER.email]);
    const reg = await http(url, 'POST', '/api/auth/register', {
      body: registration({
        email: 'nowak@example.com',
        firstName: 'Piotr',
        lastName: 'Nowak',
        genderType: 'MAN',
      }),
    });
    userId = reg.body.id;
    const link = await events.next<EventData<typeof ActivationLinkRequestedV1>>(
      ActivationLinkRequestedV1.type,
      (e) => e.data.userId === userId,
    );
    user = (await http(url, 'GET', `/api/auth/activate/${link.data.token}`)).body;
  });
  afterAll(async () => {
    await events?.close();
    await service?.cleanup();
    await dropTestDatabases();
  });

  it('seeds idempotently: a demo admin and a demo farmer with complete data', async () => {
    expect(await seed(service.ctx.db, { bcryptCost: 12 })).toEqual([]);
    const login = await http(url, 'POST', '/api/auth/login', { body: DEMO_FARMER });
    expect(login.status).toBe(200);
    farmer = login.body;
    const me = await http(url, 'GET', '/api/users/me', { token: farmer.accessToken });
    expect(me.body).toMatchObject({
      email: DEMO_FARMER.email,
      role: 'USER',
      isActive: true,
      isDataComplete: true,
    });
    farmerId = me.body.id;
    const profile = await http(url, 'GET', '/api/users/profile', { token: farmer.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ serviceRole: 'PERSONAL', isDataComplete: true });
  });

  it('admin login under both admin bases; a non-admin lacks administrator privileges', async () => {
    const farm = await http(url, 'POST', '/farm-api/auth/admin/login', { body: DEMO_ADMIN });
    expect(farm.status).toBe(200);
    admin = farm.body.accessToken;
    expect((await http(url, 'POST', '/garden-api/auth/admin/login', { body: DEMO_ADMIN })).status).toBe(200);
    const refused = await http(url, 'POST', '/farm-api/auth/admin/login', {
      body: DEMO_FARMER,
      headers: { 'accept-language': 'en' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'notAdministrator',
      message: 'You lack administrator privileges.',
    });
    const me = await http(url, 'GET', '/garden-api/users/me', { token: admin });
    expect(me.body.role).toBe('ADMIN');
  });

  it('profile: none before it exists (GET answers null, PATCH 404), then POST', async () => {
    const get = await http(url, 'GET', '/api/users/profile', { token: user.accessToken });
    expect(get.status).toBe(200);
    expect(get.body).toBeNull();
    const patch = await http(url, 'PATCH', '/api/users/profile', {
      token: user.accessToken,
      body: { serviceRole: 'PERSONAL' },
    });
    expect(patch.status).toBe(404);
    expect(patch.body.code).toBe('profileNotFound');
    expect((await http(url, 'GET', '/api/users/profile')).status).toBe(401);
  });

  const personal = {
    firstName: 'Piotr',
    lastName: 'Nowak',
    genderType: 'MAN',
    phoneNumber: '+48 601 202 303',
    address: ADDRESS,
  };

  it.each([
    [
      'a NIP with a wrong checksum',
      {
        serviceRole: 'BUSINESS',
        personalData: personal,
        businessData: { companyName: 'Nowak Agro', taxNumber: '526-000-12-47', address: ADDRESS },
      },
      'invalidTaxNumber',
    ],
    [
      'a postcode outside NN-NNN',
      { serviceRole: 'PERSONAL', personalData: { ...personal, address: { ...ADDRESS, postCode: '00950' } } },
      'invalidPostCode',
    ],
    [
      'an unknown voivodeship',
      {
        serviceRole: 'PERSONAL',
        personalData: { ...personal, address: { ...ADDRESS, voivodeship: 'BAVARIA' } },
      },
      'validationFailed',
    ],
    [
      'an empty building number',
      {
        serviceRole: 'PERSONAL',
        personalData: { ...personal, address: { ...ADDRESS, buildingNumber: ' ' } },
      },
      'fieldRequired',
    ],
    [
      'a too long apartment number',
      {
        serviceRole: 'PERSONAL',
        personalData: { ...personal, address: { ...ADDRESS, apartmentNumber: '1'.repeat(11) } },
      },
      'fieldTooLong',
    ],
    [
      'a bad phone number',
      { serviceRole: 'PERSONAL', personalData: { ...personal, phoneNumber: '+48 12' } },
      'invalidPhoneNumber',
    ],
    [
      'business role without business data',
      { serviceRole: 'BUSINESS', personalData: personal },
      'businessDataRequired',
    ],
    ['personal role without personal data', { serviceRole: 'PERSONAL' }, 'personalDataRequired'],
    [
      'address source NONE without an address',
      { serviceRole: 'PERSONAL', personalData: personal, correspondenceAddress: { addressSource: 'NONE' } },
      'correspondenceAddressRequired',
    ],
    [
      'address from business data that is missing',
      {
        serviceRole: 'PERSONAL',
        personalData: personal,
        correspondenceAddress: { addressSource: 'BUSINESS_DATA' },
      },
      'addressSourceUnavailable',
    ],
  ])('refuses %s', async (_label, body, code) => {
    const res = await http(url, 'POST', '/api/users/profile', { token: user.accessToken, body });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
  });

  it('creates and patches the profile; publishes ProfileUpdated with contact data and the complete flag', async () => {
    const created = await http(url, 'POST', '/api/users/profile', {
      token: user.accessToken,
      body: {
        serviceRole: 'PERSONAL',
        personalData: personal,
        correspondenceAddress: { addressSource: 'PERSONAL_DATA' },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      serviceRole: 'PERSONAL',
      isDataComplete: true,
      personalData: { phoneNumber: '+48601202303', taxNumber: null },
    });
    const ev1 = await events.next<ProfileUpdated>(ProfileUpdatedV1.type, (e) => e.data.userId === userId);
    expect(ev1.data).toMatchObject({
      email: 'nowak@example.com',
      phoneNumber: '+48601202303',
      language: 'pl',
      serviceRole: 'PERSONAL',
      isDataComplete: true,
      address: { postCode: '00-950', voivodeship: 'MASOVIAN' },
      correspondenceAddress: { addressSource: 'PERSONAL_DATA', cityName: 'Warszawa' },
    });
    const twice = await http(url, 'POST', '/api/users/profile', {
      token: user.accessToken,
      body: { serviceRole: 'PERSONAL', personalData: personal },
    });
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe('profileAlreadyExists');

    const toBusiness = await http(url, 'PATCH', '/api/users/profile', {
      token: user.accessToken,
      body: {
        serviceRole: 'BUSINESS',
        businessData: {
          companyName: 'Nowak Agro',
          taxNumber: VALID_NIP,
          address: { ...ADDRESS, cityName: 'Radom', postCode: '26-600' },
        },
        correspondenceAddress: {
          addressSource: 'NONE',
          address: { ...ADDRESS, cityName: 'Płock', postCode: '09-400', apartmentNumber: null },
        },
      },
    });
    expect(toBusiness.status).toBe(200);
    expect(toBusiness.body.businessData.taxNumber).toBe('5260001246');
    const ev2 = await events.next<ProfileUpdated>(
      ProfileUpdatedV1.type,
      (e) => e.data.userId === userId && e.data.serviceRole === 'BUSINESS',
    );
    expect(ev2.data).toMatchObject({
      companyName: 'Nowak Agro',
      taxNumber: '5260001246',
      address: { cityName: 'Radom' },
      correspondenceAddress: { addressSource: 'NONE', cityName: 'Płock' },
      isDataComplete: true,
    });
    const dropBusiness = await http(url, 'PATCH', '/api/users/profile', {
      token: user.accessToken,
      body: { businessData: null },
    });
    expect(dropBusiness.status).toBe(400);
    expect(dropBusiness.body.code).toBe('businessDataRequired');
    expect((await http(url, 'GET', '/api/users/me', { token: user.accessToken })).body.isDataComplete).toBe(
      true,
    );
  });

  it('changes language and newsletter consent (events for read models)', async () => {
    const res = await http(url, 'PATCH', '/api/users/me', {
      token: user.accessToken,
      body: { language: 'en', newsletterConsent: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ language: 'en', newsletterConsent: true });
    await events.next<EventData<typeof NewsletterConsentChangedV1>>(
      NewsletterConsentChangedV1.type,
      (e) => e.data.userId === userId && e.data.consent === true && e.data.language === 'en',
    );
    await events.next<ProfileUpdated>(
      ProfileUpdatedV1.type,
      (e) => e.data.userId === userId && e.data.language === 'en',
    );
    const bad = await http(url, 'PATCH', '/api/users/me', {
      token: user.accessToken,
      body: { language: 'de' },
    });
    expect(bad.status).toBe(400);
    // New tokens carry the language; errors then speak it.
    const refreshed = await http(url, 'POST', '/api/auth/refresh-token', {
      body: { refreshToken: user.refreshToken },
    });
    user = refreshed.body;
    const err = await http(url, 'PATCH', '/api/users/me', {
      token: user.accessToken,
      body: { language: 'de' },
    });
    expect(err.body).toMatchObject({
      code: 'validationFailed',
      message: 'Invalid data. Correct the highlighted fields.',
    });
  });

  it('changes the password of a signed-in user (current password checked)', async () => {
    const wrong = await http(url, 'POST', '/api/users/me/password', {
      token: user.accessToken,
      body: { currentPassword: 'Wrong#2024', password: 'Zmiana#2025', confirmPassword: 'Zmiana#2025' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'wrongCurrentPassword',
      message: 'The current password is wrong.',
    });
    const mismatch = await http(url, 'POST', '/api/users/me/password', {
      token: user.accessToken,
      body: { currentPassword: STRONG_PASSWORD, password: 'Zmiana#2025', confirmPassword: 'Zmiana#2026' },
    });
    expect(mismatch.body.code).toBe('passwordsDoNotMatch');
    const ok = await http(url, 'POST', '/api/users/me/password', {
      token: user.accessToken,
      body: { currentPassword: STRONG_PASSWORD, password: 'Zmiana#2025', confirmPassword: 'Zmiana#2025' },
    });
    // Every session ends, this one too; the answer is a new session for this device.
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
    const old = await http(url, 'POST', '/api/auth/refresh-token', {
      body: { refreshToken: user.refreshToken },
    });
    expect(old.status).toBe(401);
    const renewed = await http(url, 'POST', '/api/auth/refresh-token', {
      body: { refreshToken: ok.body.refreshToken },
    });
    expect(renewed.status).toBe(200);
    user = renewed.body;
  });

  it('admin lists and searches users (paged); only admins may', async () => {
    const all = await http(url, 'GET', '/farm-api/users?page=1&perPage=2&orderBy=createdAt:asc', {
      token: admin,
    });
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(2);
    expect(all.body.meta).toMatchObject({ page: 1, perPage: 2, total: 3, next: 2, prev: null });
    const search = await http<TAdminUsersResponse>(url, 'GET', '/garden-api/users?search=rolnik', {
      token: admin,
    });
    expect(search.body.items.map((u) => u.email)).toEqual([DEMO_FARMER.email]);
    const admins = await http<TAdminUsersResponse>(url, 'GET', '/farm-api/users?role=ADMIN', {
      token: admin,
    });
    expect(admins.body.items.map((u) => u.email)).toEqual([DEMO_ADMIN.email]);
    const one = await http(url, 'GET', `/farm-api/users/${userId}`, { token: admin });
    expect(one.body).toMatchObject({ email: 'nowak@example.com', isDataComplete: true });
    const forbidden = await http(url, 'GET', '/farm-api/users', { token: farmer.accessToken });
    expect(forbidden.status).toBe(403);
    expect((await http(url, 'GET', '/farm-api/users/not-a-uuid', { token: admin })).status).toBe(400);
  });

  it('onboarding survey: answers stored per answer, replaced, checked, counted for the admin', async () => {
    const put = (token: string, answers: unknown, lang = 'pl') =>
      http(url, 'PUT', '/api/users/me/survey', {
        token,
        body: { answers },
        headers: { 'x-gleba-lang': lang },
      });
    const first = await put(user.accessToken, [
      { questionKey: 'heardFrom', answerKey: 'advisor' },
      { questionKey: 'grows', answerKey: 'cereals' },
      { questionKey: 'grows', answerKey: 'rapeseed' },
      { questionKey: 'farmSize', answerKey: 'from20to50' },
    ]);
    expect(first.status).toBe(200);
    expect(first.body.answers).toHaveLength(4);
    // Replaced as a whole: the second answer set is all that remains.
    await put(user.accessToken, [
      { questionKey: 'heardFrom', answerKey: 'friend' },
      { questionKey: 'grows', answerKey: 'cereals' },
    ]);
    expect(
      (await http(url, 'GET', '/api/users/me/survey', { token: user.accessToken })).body.answers,
    ).toEqual([
      { questionKey: 'grows', answerKey: 'cereals' },
      { questionKey: 'heardFrom', answerKey: 'friend' },
    ]);
    await put(farmer.accessToken, [{ questionKey: 'grows', answerKey: 'cereals' }]);

    // Unknown answers and two answers to a one-answer question: 400 in the user's language, nothing changed.
    const unknown = await put(user.accessToken, [{ questionKey: 'grows', answerKey: 'bananas' }]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('surveyAnswerUnknown');
    expect(unknown.body.message).toBe('Tej odpowiedzi nie ma w ankiecie.');
    const two = await put(
      user.accessToken,
      [
        { questionKey: 'farmSize', answerKey: 'under5' },
        { questionKey: 'farmSize', answerKey: 'over100' },
      ],
      'uk',
    );
    expect(two.body.code).toBe('surveyOneAnswer');
    expect(two.body.message).toBe('На це запитання виберіть одну відповідь.');
    const tooMany = await put(
      user.accessToken,
      Array.from({ length: 31 }, () => ({ questionKey: 'grows', answerKey: 'cereals' })),
    );
    expect(tooMany.status).toBe(400);
    expect(
      (await http(url, 'GET', '/api/users/me/survey', { token: user.accessToken })).body.answers,
    ).toHaveLength(2);

    const counts = await http(url, 'GET', '/farm-api/users/survey/ONBOARDING', { token: admin });
    expect(counts.status).toBe(200);
    expect(counts.body.respondents).toBe(2);
    const grows = counts.body.questions.find((q: { questionKey: string }) => q.questionKey === 'grows');
    expect(grows.answers.find((a: { answerKey: string }) => a.answerKey === 'cereals').count).toBe(2);
    expect(grows.answers.find((a: { answerKey: string }) => a.answerKey === 'rapeseed').count).toBe(0);
    expect(
      (await http(url, 'GET', '/farm-api/users/survey/ONBOARDING', { token: user.accessToken })).status,
    ).toBe(403);
    expect((await http(url, 'GET', '/garden-api/users/survey/OTHER', { token: admin })).status).toBe(400);
  });

  it('admin suspends (sessions end, login refused) and reinstates', async () => {
    const s = await http(url, 'POST', `/farm-api/users/${farmerId}/suspend`, {
      token: admin,
      body: { reason: 'test' },
    });
    expect(s.status).toBe(200);
    expect(s.body.isEnabled).toBe(false);
    await events.next<EventData<typeof UserSuspendedV1>>(
      UserSuspendedV1.type,
      (e) => e.data.userId === farmerId && e.data.reason === 'test',
    );
    const login = await http(url, 'POST', '/api/auth/login', { body: DEMO_FARMER });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({
      code: 'accountSuspended',
      message: 'Konto zostało zawieszone. Skontaktuj się z administratorem.',
    });
    expect(
      (await http(url, 'POST', '/api/auth/refresh-token', { body: { refreshToken: farmer.refreshToken } }))
        .body.code,
    ).toBe('reauthenticate');
    expect((await http(url, 'GET', '/api/users/me', { token: farmer.accessToken })).body.code).toBe(
      'accountSuspended',
    );
    expect(
      (
        await http<TAdminUsersResponse>(url, 'GET', '/farm-api/users?status=SUSPENDED', { token: admin })
      ).body.items.map((u) => u.id),
    ).toEqual([farmerId]);
    // The gateway's mark, for as long as a token issued before the suspension lives.
    const redis = new Redis(service.ctx.config.REDIS_URL);
    const key = suspendedAccountKey(service.ctx.config.REDIS_PREFIX, farmerId);
    const ttl = await redis.ttl(key);
    expect(ttl).toBeGreaterThan(service.ctx.config.ACCESS_TOKEN_TTL_SECONDS);

    const r = await http(url, 'POST', `/garden-api/users/${farmerId}/reinstate`, { token: admin });
    expect(r.body.isEnabled).toBe(true);
    await events.next<EventData<typeof UserReinstatedV1>>(
      UserReinstatedV1.type,
      (e) => e.data.userId === farmerId,
    );
    expect(await redis.exists(key)).toBe(0);
    redis.disconnect();
    expect((await http(url, 'POST', '/api/auth/login', { body: DEMO_FARMER })).status).toBe(200);
  });

  it('admin password reset: check-your-e-mail for anyone, a link only for admins', async () => {
    const res = await http(url, 'POST', '/farm-api/auth/admin/forgot-password', {
      body: { email: DEMO_ADMIN.email },
    });
    expect(res.status).toBe(200);
    const ev = await events.next<ResetRequested>(
      PasswordResetRequestedV1.type,
      (e) => e.data.email === DEMO_ADMIN.email,
    );
    expect(ev.data.app).toBe('admin');
    const other = await http(url, 'POST', '/farm-api/auth/admin/forgot-password', {
      body: { email: DEMO_FARMER.email },
    });
    expect(other.status).toBe(200);
    const unknown = await http(url, 'POST', '/farm-api/auth/admin/forgot-password', {
      body: { email: 'nobody@example.com' },
    });
    expect(unknown.body).toEqual(res.body);
    const set = await http(url, 'POST', `/farm-api/auth/set-password/${ev.data.token}`, {
      body: { password: 'Admin#2025x', confirmPassword: 'Admin#2025x' },
    });
    expect(set.status).toBe(200);
    expect(set.body.email).toBe(DEMO_ADMIN.email);
    expect(
      events
        .all()
        .filter(
          (e) =>
            e.type === PasswordResetRequestedV1.type &&
            (e.data as ResetRequested).email === DEMO_FARMER.email,
        ),
    ).toHaveLength(0);
  });
});
