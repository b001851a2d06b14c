import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWorld, type World } from '../src/fixtures';
import { request, type RawResult } from '../src/request';
import { PASSWORD, profileBody, registerBody, startStack, uniqueEmail, type Stack } from '../src/stack';

/**
 * XSS attempts through every free-text field: a stored value must come back as data (the same
 * string inside JSON, served as application/json with nosniff), or be refused with a 4xx.
 * The CMS page (WordPress `content.rendered`) is sanitized in the customer SPA with DOMPurify:
 * a client concern, not covered here (frontends/customer has its own CMS sanitizing tests).
 */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "javascript:alert('x')",
  '</script><svg/onload=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  "Zażółć' OR '1'='1 -- <b>ę</b>",
];

function contains(v: unknown, needle: string): boolean {
  if (typeof v === 'string') return v === needle;
  if (Array.isArray(v)) return v.some((x) => contains(x, needle));
  if (v && typeof v === 'object') return Object.values(v).some((x) => contains(x, needle));
  return false;
}

describe('abuse: XSS payloads in free-text fields come back as data', () => {
  let stack: Stack;
  let w: World;
  const results: string[] = [];
  const failures: string[] = [];

  beforeAll(async () => {
    stack = await startStack('xss');
    w = await buildWorld(stack);
  });
  afterAll(async () => {
    console.log(
      `[abuse:xss] ${results.length} field x payload checks: ${results.filter((r) => r.endsWith('stored')).length} stored and returned as data, ${results.filter((r) => r.endsWith('refused')).length} refused with 4xx; failures ${failures.length}`,
    );
    await stack?.stop();
  });

  async function check(
    field: string,
    payload: string,
    send: () => Promise<RawResult>,
    read: () => Promise<RawResult>,
  ) {
    const sent = await send();
    if (sent.status >= 400 && sent.status < 500) return void results.push(`${field}: refused`);
    if (sent.status >= 300)
      return void failures.push(
        `${field} ${JSON.stringify(payload)}: write answered ${sent.status} ${sent.text.slice(0, 200)}`,
      );
    const back = await read();
    const ok =
      back.status < 300 && back.contentType.startsWith('application/json') && contains(back.json, payload);
    if (!ok)
      failures.push(
        `${field} ${JSON.stringify(payload)}: read ${back.status} ${back.contentType} ${back.text.slice(0, 200)}`,
      );
    else results.push(`${field}: stored`);
  }

  it('every free-text field of identity, geo and orders', async () => {
    const gw = stack.gateway;
    const a = w.a.accessToken;
    const profile = () => request(gw, 'GET', '/api/users/profile', { token: a });
    for (const [i, p] of PAYLOADS.entries()) {
      const base = profileBody() as {
        personalData: Record<string, unknown> & { address: Record<string, unknown> };
      };
      const short = p.slice(0, 50);
      await check(
        'profile.personalData.firstName',
        short,
        () =>
          request(gw, 'PATCH', '/api/users/profile', {
            token: a,
            json: { personalData: { ...base.personalData, firstName: short } },
          }),
        profile,
      );
      await check(
        'profile.personalData.lastName',
        short,
        () =>
          request(gw, 'PATCH', '/api/users/profile', {
            token: a,
            json: { personalData: { ...base.personalData, lastName: short } },
          }),
        profile,
      );
      await check(
        'profile.address.cityName',
        p,
        () =>
          request(gw, 'PATCH', '/api/users/profile', {
            token: a,
            json: {
              personalData: { ...base.personalData, address: { ...base.personalData.address, cityName: p } },
            },
          }),
        profile,
      );
      await check(
        'profile.address.streetName',
        p,
        () =>
          request(gw, 'PATCH', '/api/users/profile', {
            token: a,
            json: {
              personalData: {
                ...base.personalData,
                address: { ...base.personalData.address, streetName: p },
              },
            },
          }),
        profile,
      );
      await check(
        'profile.businessData.companyName',
        p,
        () =>
          request(gw, 'PATCH', '/api/users/profile', {
            token: a,
            json: {
              serviceRole: 'BUSINESS',
              businessData: { companyName: p, taxNumber: '1234563218', address: base.personalData.address },
              correspondenceAddress: { addressSource: 'BUSINESS_DATA' },
            },
          }),
        profile,
      );
      await check(
        'register.firstName',
        short,
        () =>
          request(gw, 'POST', '/api/auth/register', {
            json: registerBody(uniqueEmail(`xss${i}`), {
              firstName: short,
              password: PASSWORD,
              confirmPassword: PASSWORD,
            }),
          }),
        async () => {
          const users = await request(gw, 'GET', `/farm-api/users?search=${encodeURIComponent(`xss${i}`)}`, {
            token: w.admin.accessToken,
          });
          return users;
        },
      );
      await check(
        'farm.address.cityName/streetName',
        p.slice(0, 100),
        () =>
          request(gw, 'PUT', '/api/farm', {
            token: a,
            json: { farmingActivity: true, totalAreaM2: 1000, address: { cityName: p, streetName: p } },
          }),
        () => request(gw, 'GET', '/api/farm', { token: a }),
      );
      await check(
        'plot.name',
        p,
        () => request(gw, 'PATCH', `/api/plots/${w.ids.plotId}`, { token: a, json: { name: p } }),
        () => request(gw, 'GET', `/api/plots/${w.ids.plotId}`, { token: a }),
      );
      await check(
        'plot.precinct',
        p,
        () => request(gw, 'PATCH', `/api/plots/${w.ids.plotId}`, { token: a, json: { precinct: p } }),
        () => request(gw, 'GET', '/api/plots', { token: a }),
      );
      await check(
        'crop.name',
        p,
        () => request(gw, 'PATCH', `/api/crops/${w.ids.cropId}`, { token: a, json: { name: p } }),
        () => request(gw, 'GET', `/api/crops/${w.ids.cropId}`, { token: a }),
      );
      await check(
        'gardenTest.gardenName',
        p,
        () => request(gw, 'PATCH', `/api/soil-tests/${w.ids.testId}`, { token: a, json: { gardenName: p } }),
        () => request(gw, 'GET', `/api/soil-tests/${w.ids.testId}`, { token: a }),
      );
      let kit: RawResult | undefined;
      await check(
        'kitOrder.deliveryAddress.recipient/cityName/streetName',
        p,
        async () =>
          (kit = await request(gw, 'POST', '/api/orders/kits', {
            token: a,
            json: {
              quantity: 1,
              paymentMethod: 'TRADITIONAL_TRANSFER',
              deliveryAddress: {
                recipient: p,
                cityName: p,
                streetName: p,
                postCode: '60-101',
                buildingNumber: '1',
              },
            },
          })),
        async () =>
          request(
            gw,
            'GET',
            `/api/orders/kits/${(kit?.json as { order?: { id?: string } })?.order?.id ?? 'x'}`,
            { token: a },
          ),
      );
    }
    // Through the gateway an API answer is never sniffed as HTML.
    const sniff = await fetch(`${gw}/api/plots/${w.ids.plotId}`, {
      headers: { authorization: `Bearer ${a}` },
    });
    expect(sniff.headers.get('x-content-type-options')).toBe('nosniff');
    expect(sniff.headers.get('content-type')).toMatch(/^application\/json/);
    for (const f of failures) console.log(`  ${f}`);
    expect(failures).toEqual([]);
    expect(results.filter((r) => r.endsWith('stored')).length).toBeGreaterThan(0);
  });
});
