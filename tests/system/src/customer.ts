import type { TRegisterBody } from '@gleba/contracts';
import { http, waitFor } from '@gleba/testkit';
import type { startSmtpSink } from './smtp-sink';

export interface Customer {
  email: string;
  phone: string;
  firstName: string;
  lastName: string;
  password: string;
  token: string;
  userId: string;
  orderId: string;
  orderNumber: string;
}

/**
 * A customer with data in every service, through the public APIs: registered (newsletter too) and
 * activated from the e-mail, a complete profile, a plot and a crop, and a farm order paid by deferred
 * transfer (so the lab expects its samples). `urls` maps each service to its base URL.
 */
export async function customerWithData(
  urls: Record<'identity' | 'geo' | 'orders', string>,
  smtp: Awaited<ReturnType<typeof startSmtpSink>>,
  label: string,
): Promise<Customer> {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const c = {
    email: `${label}.${suffix}@przyklad.pl`,
    phone: `60${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    firstName: 'Zdzisława',
    lastName: `Przybyszewska${suffix}`,
    password: 'Gleba123!x',
  };
  const registered = await http(urls.identity, 'POST', '/api/auth/register', {
    body: {
      firstName: c.firstName,
      lastName: c.lastName,
      email: c.email,
      phoneNumber: c.phone,
      genderType: 'WOMAN',
      password: c.password,
      confirmPassword: c.password,
      termsAccepted: true,
      privacyPolicyAccepted: true,
      newsletterConsent: true,
      language: 'en',
    } satisfies TRegisterBody,
  });
  if (registered.status >= 300) throw new Error(`register: ${JSON.stringify(registered.body)}`);
  const link = await waitFor(
    () =>
      smtp
        .to(c.email)
        .map((m) => /\/activate\/([A-Za-z0-9_-]+)/.exec(m.text ?? '')?.[1])
        .find(Boolean),
    { timeoutMs: 30_000, message: 'activation e-mail' },
  );
  const activated = await http<{ accessToken: string }>(urls.identity, 'GET', `/api/auth/activate/${link}`);
  const token = activated.body.accessToken;
  const profile = await http(urls.identity, 'POST', '/api/users/profile', {
    token,
    body: {
      serviceRole: 'PERSONAL',
      personalData: {
        firstName: c.firstName,
        lastName: c.lastName,
        genderType: 'WOMAN',
        phoneNumber: c.phone,
        taxNumber: null,
        address: {
          voivodeship: 'LUBLIN',
          cityName: 'Lublin',
          postCode: '20-001',
          streetName: 'Polna',
          buildingNumber: '3',
          apartmentNumber: null,
        },
      },
      businessData: null,
      correspondenceAddress: { addressSource: 'PERSONAL_DATA', address: null },
    },
  });
  if (profile.status !== 201) throw new Error(`profile: ${JSON.stringify(profile.body)}`);
  const me = await http<{ id: string }>(urls.identity, 'GET', '/api/users/me', { token });
  const ring = [
    [21.6, 52.15],
    [21.603, 52.15],
    [21.603, 52.1515],
    [21.6, 52.1515],
    [21.6, 52.15],
  ];
  const plot = await http<{ id: string }>(urls.geo, 'POST', '/api/plots', {
    token,
    body: { name: 'Pole przy lesie', geometry: { type: 'Polygon', coordinates: [ring] } },
  });
  if (plot.status !== 201) throw new Error(`plot: ${JSON.stringify(plot.body)}`);
  const crop = await http<{ id: string }>(urls.geo, 'POST', '/api/crops', {
    token,
    body: {
      plantId: 'winter-wheat',
      cultivationFrom: '2026-09-20',
      cultivationTo: '2027-07-31',
      plotIds: [plot.body.id],
    },
  });
  if (crop.status !== 201) throw new Error(`crop: ${JSON.stringify(crop.body)}`);
  // The order needs orders' read models of the contact and the crop (events from identity and geo).
  const order = await waitFor(
    async () => {
      const r = await http<{ order: { id: string; orderNumber: string } }>(
        urls.orders,
        'POST',
        '/api/orders',
        {
          token,
          body: {
            type: 'STANDARD',
            crops: [{ cropId: crop.body.id }],
            paymentMethod: 'DEFERRED_BANK_TRANSFER',
            confirmUserData: true,
          },
        },
      );
      return r.status === 201 ? r.body.order : undefined;
    },
    { timeoutMs: 30_000, message: 'order placed' },
  );
  return { ...c, token, userId: me.body.id, orderId: order.id, orderNumber: order.orderNumber };
}
