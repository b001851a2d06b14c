import { randomInt } from 'node:crypto';
import { http as baseHttp, type HttpResult } from '@gleba/testkit';

/** Each call comes from its own client address (X-Forwarded-For, as the gateway sets it: one trusted hop), so IP limits only bite where a test means them to. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies of many endpoints and their error bodies; tests read them field by field
export function http<T = any>(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string } = {},
): Promise<HttpResult<T>> {
  const ip = options.ip ?? `10.${randomInt(255)}.${randomInt(255)}.${randomInt(1, 255)}`;
  return baseHttp<T>(base, method, path, {
    ...options,
    headers: { 'x-forwarded-for': ip, ...(options.headers ?? {}) },
  });
}

export const STRONG_PASSWORD = 'Rolnik#2024';

export function registration(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Alicja',
    lastName: 'Kowalska',
    email: 'alicja@example.com',
    phoneNumber: '600 700 800',
    genderType: 'WOMAN',
    password: STRONG_PASSWORD,
    confirmPassword: STRONG_PASSWORD,
    termsAccepted: true,
    privacyPolicyAccepted: true,
    newsletterConsent: false,
    language: 'pl',
    ...overrides,
  };
}

export const ADDRESS = {
  voivodeship: 'MASOVIAN',
  cityName: 'Warszawa',
  postCode: '00-950',
  streetName: 'Marszałkowska',
  buildingNumber: '1',
  apartmentNumber: '2',
};

/** A NIP with a valid checksum. */
export const VALID_NIP = '526-000-12-46';
