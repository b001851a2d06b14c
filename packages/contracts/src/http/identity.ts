import { z } from 'zod';
import { AddressSource, Gender, Language, Role, ServiceRole, Voivodeship } from '../enums';
import { IdentityErrorCode as E } from '../errors/identity';
import { ZPageMeta, ZPageQuery } from './common';

/**
 * Request and response bodies of identity (spec sections 3, 5 and 7). Each rule's message is
 * an `IdentityErrorCode`, so a failed field can be translated from `errors.<message>`.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MIN_LENGTH = 2;
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MIN_LENGTH = 6;
export const EMAIL_MAX_LENGTH = 254;
export const ADDRESS_FIELD_MAX_LENGTH = 100;
export const BUILDING_NUMBER_MAX_LENGTH = 10;

/** Polish numbers (9 digits, optionally +48 / 0048 / 48) become E.164 `+48XXXXXXXXX`; other E.164 stay. */
export function normalizePhoneNumber(input: string): string | null {
  const compact = input.replace(/[\s\-().]/g, '');
  let m = /^(?:\+48|0048|48)?([1-9]\d{8})$/.exec(compact);
  if (m) return `+48${m[1]}`;
  // A +48 number that is not 9 digits is a mistyped Polish number, not a foreign one.
  if (/^(?:\+|00)48/.test(compact)) return null;
  m = /^(?:\+|00)([1-9]\d{7,14})$/.exec(compact);
  return m ? `+${m[1]}` : null;
}

/** NIP: 10 digits (dashes and spaces allowed, optional PL prefix) with the mod-11 checksum. */
export function normalizeTaxNumber(input: string): string | null {
  const digits = input.replace(/^PL/i, '').replace(/[\s-]/g, '');
  if (!/^\d{10}$/.test(digits)) return null;
  const weights = [6, 5, 7, 2, 3, 4, 5, 6, 7];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(digits[i]), 0);
  const check = sum % 11;
  return check !== 10 && check === Number(digits[9]) ? digits : null;
}

export const POST_CODE_PATTERN = /^\d{2}-\d{3}$/;

export const ZEmail = z
  .string({ error: E.invalidEmail })
  .trim()
  // A word without an @ is not an address at all: "too short" would send its author the wrong way.
  .regex(/@/, E.invalidEmail)
  .min(EMAIL_MIN_LENGTH, E.emailTooShort)
  .max(EMAIL_MAX_LENGTH, E.emailTooLong)
  .pipe(z.email(E.invalidEmail))
  .transform((s) => s.toLowerCase());

export const ZPassword = z
  .string({ error: E.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, E.passwordTooShort)
  .max(128, E.fieldTooLong)
  .regex(/\d/, E.passwordNeedsDigit)
  .regex(/\p{Ll}/u, E.passwordNeedsLowercase)
  .regex(/\p{Lu}/u, E.passwordNeedsUppercase)
  .regex(/[^\p{L}\p{N}\s]/u, E.passwordNeedsSpecial);

const name = z
  .string({ error: E.fieldRequired })
  .trim()
  .min(NAME_MIN_LENGTH, E.nameTooShort)
  .max(NAME_MAX_LENGTH, E.nameTooLong);

export const ZPhoneNumber = z
  .string({ error: E.invalidPhoneNumber })
  .min(1, E.invalidPhoneNumber)
  .transform((s, ctx) => {
    const normalized = normalizePhoneNumber(s);
    if (!normalized) {
      ctx.addIssue({ code: 'custom', message: E.invalidPhoneNumber });
      return z.NEVER;
    }
    return normalized;
  });

export const ZTaxNumber = z.string({ error: E.invalidTaxNumber }).transform((s, ctx) => {
  const normalized = normalizeTaxNumber(s);
  if (!normalized) {
    ctx.addIssue({ code: 'custom', message: E.invalidTaxNumber });
    return z.NEVER;
  }
  return normalized;
});

const required = (max: number) =>
  z.string({ error: E.fieldRequired }).trim().min(1, E.fieldRequired).max(max, E.fieldTooLong);

export const ZAddressInput = z.object({
  voivodeship: Voivodeship,
  cityName: required(ADDRESS_FIELD_MAX_LENGTH),
  postCode: z.string({ error: E.invalidPostCode }).trim().regex(POST_CODE_PATTERN, E.invalidPostCode),
  streetName: required(ADDRESS_FIELD_MAX_LENGTH),
  buildingNumber: required(BUILDING_NUMBER_MAX_LENGTH),
  apartmentNumber: required(BUILDING_NUMBER_MAX_LENGTH)
    .nullish()
    .transform((v) => v ?? null),
});
export type TAddressInput = z.infer<typeof ZAddressInput>;

/** Spec 3: a registration (also the admin panel's `POST auth/register`). */
export const ZRegisterBody = z
  .object({
    firstName: name,
    lastName: name,
    email: ZEmail,
    phoneNumber: ZPhoneNumber,
    genderType: Gender,
    password: ZPassword,
    confirmPassword: z.string(),
    termsAccepted: z.literal(true, E.termsNotAccepted),
    privacyPolicyAccepted: z.literal(true, E.termsNotAccepted),
    newsletterConsent: z.boolean().default(false),
    language: Language.catch('pl').default('pl'),
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: E.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type TRegisterBody = z.input<typeof ZRegisterBody>;

export const ZLoginBody = z.object({ email: ZEmail, password: z.string().min(1, E.fieldRequired).max(128) });
export type TLoginBody = z.infer<typeof ZLoginBody>;

export const ZRefreshTokenBody = z.object({ refreshToken: z.string().min(1).max(512) });
export type TRefreshTokenBody = z.infer<typeof ZRefreshTokenBody>;

export const ZLogoutBody = z.object({ refreshToken: z.string().min(1).max(512).optional() });

export const ZEmailBody = z.object({ email: ZEmail });
export type TEmailBody = z.infer<typeof ZEmailBody>;

export const ZSetPasswordBody = z
  .object({ password: ZPassword, confirmPassword: z.string() })
  .refine((b) => b.password === b.confirmPassword, {
    message: E.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type TSetPasswordBody = z.infer<typeof ZSetPasswordBody>;

export const ZChangePasswordBody = z
  .object({
    currentPassword: z.string().min(1, E.fieldRequired).max(128),
    password: ZPassword,
    confirmPassword: z.string(),
  })
  .refine((b) => b.password === b.confirmPassword, {
    message: E.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type TChangePasswordBody = z.infer<typeof ZChangePasswordBody>;

/** `POST auth/set-password/{token}`: the e-mail, and the user is signed in. */
export const ZSetPasswordResponse = z.object({
  email: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
});
export type TSetPasswordResponse = z.infer<typeof ZSetPasswordResponse>;

/** `GET auth/set-password/{token}` and `GET auth/reset-password/{token}`: the link is usable. */
export const ZTokenCheckResponse = z.object({ valid: z.literal(true), email: z.string() });

export const ZMessageResponse = z.object({ message: z.string() });

/** PATCH users/me: language and newsletter consent (account page). */
export const ZUpdateMeBody = z
  .object({ language: Language.optional(), newsletterConsent: z.boolean().optional() })
  .refine((b) => b.language !== undefined || b.newsletterConsent !== undefined, { message: E.fieldRequired });
export type TUpdateMeBody = z.infer<typeof ZUpdateMeBody>;

export const ZPersonalDataInput = z.object({
  firstName: name,
  lastName: name,
  genderType: Gender,
  phoneNumber: ZPhoneNumber,
  taxNumber: ZTaxNumber.nullish().transform((v) => v ?? null),
  address: ZAddressInput,
});
export type TPersonalDataInput = z.infer<typeof ZPersonalDataInput>;

export const ZBusinessDataInput = z.object({
  companyName: z
    .string({ error: E.fieldRequired })
    .trim()
    .min(NAME_MIN_LENGTH, E.nameTooShort)
    .max(200, E.nameTooLong),
  taxNumber: ZTaxNumber,
  address: ZAddressInput,
});
export type TBusinessDataInput = z.infer<typeof ZBusinessDataInput>;

/** NONE: a separate address is given; PERSONAL_DATA / BUSINESS_DATA: that data's address is used. */
export const ZCorrespondenceAddressInput = z.object({
  addressSource: AddressSource,
  address: ZAddressInput.nullish().transform((v) => v ?? null),
});
export type TCorrespondenceAddressInput = z.infer<typeof ZCorrespondenceAddressInput>;

const profileFields = {
  serviceRole: ServiceRole,
  personalData: ZPersonalDataInput.nullish().transform((v) => v ?? null),
  businessData: ZBusinessDataInput.nullish().transform((v) => v ?? null),
  correspondenceAddress: ZCorrespondenceAddressInput.nullish().transform((v) => v ?? null),
};

/** The rules between the parts of a profile (spec 5: either personal or business data; address source). */
export function profileIssues(p: {
  serviceRole: ServiceRole;
  personalData: TPersonalDataInput | null;
  businessData: TBusinessDataInput | null;
  correspondenceAddress: TCorrespondenceAddressInput | null;
}): { path: string[]; message: string }[] {
  const issues: { path: string[]; message: string }[] = [];
  if (p.serviceRole === 'PERSONAL' && !p.personalData)
    issues.push({ path: ['personalData'], message: E.personalDataRequired });
  if (p.serviceRole === 'BUSINESS' && !p.businessData)
    issues.push({ path: ['businessData'], message: E.businessDataRequired });
  const c = p.correspondenceAddress;
  if (c?.addressSource === 'NONE' && !c.address)
    issues.push({ path: ['correspondenceAddress', 'address'], message: E.correspondenceAddressRequired });
  if (c?.addressSource === 'PERSONAL_DATA' && !p.personalData)
    issues.push({ path: ['correspondenceAddress', 'addressSource'], message: E.addressSourceUnavailable });
  if (c?.addressSource === 'BUSINESS_DATA' && !p.businessData)
    issues.push({ path: ['correspondenceAddress', 'addressSource'], message: E.addressSourceUnavailable });
  return issues;
}

/** POST users/profile: the whole profile. */
export const ZProfileBody = z.object(profileFields).superRefine((p, ctx) => {
  for (const issue of profileIssues(p)) ctx.addIssue({ code: 'custom', ...issue });
});
export type TProfileBody = z.input<typeof ZProfileBody>;

/** PATCH users/profile: the parts given replace the stored ones; the result must pass the same rules. */
export const ZProfilePatchBody = z.object({
  serviceRole: ServiceRole.optional(),
  personalData: ZPersonalDataInput.nullable().optional(),
  businessData: ZBusinessDataInput.nullable().optional(),
  correspondenceAddress: ZCorrespondenceAddressInput.nullable().optional(),
});
export type TProfilePatchBody = z.input<typeof ZProfilePatchBody>;

export const ZAddressView = ZAddressInput;

export const ZProfile = z.object({
  serviceRole: ServiceRole,
  personalData: ZPersonalDataInput.nullable(),
  businessData: ZBusinessDataInput.nullable(),
  correspondenceAddress: ZCorrespondenceAddressInput.nullable(),
  /** True when the user may order (spec 5: complete data before ordering). */
  isDataComplete: z.boolean(),
  updatedAt: z.string(),
});
export type TProfile = z.infer<typeof ZProfile>;

/** GET users/me. */
export const ZCurrentUser = z.object({
  id: z.uuid(),
  publicUserId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  genderType: Gender.nullable(),
  role: Role,
  isActive: z.boolean(),
  isEnabled: z.boolean(),
  newsletterConsent: z.boolean(),
  language: Language,
  isDataComplete: z.boolean(),
  socialAccounts: z.array(z.enum(['GOOGLE', 'FACEBOOK', 'APPLE'])),
  createdAt: z.string(),
});
export type TCurrentUser = z.infer<typeof ZCurrentUser>;

/** Admin: GET {farm,garden}-api/users. */
export const ZAdminUsersQuery = ZPageQuery.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(['ACTIVE', 'INACTIVE', 'SUSPENDED']).optional(),
  role: Role.optional(),
});
export type TAdminUsersQuery = z.infer<typeof ZAdminUsersQuery>;

export const ZAdminUsersResponse = z.object({ items: z.array(ZCurrentUser), meta: ZPageMeta });
export type TAdminUsersResponse = z.infer<typeof ZAdminUsersResponse>;

export const ZSuspendBody = z.object({ reason: z.string().trim().max(500).optional() });
export type TSuspendBody = z.infer<typeof ZSuspendBody>;

export const ZSocialProviderParam = z.object({ provider: z.enum(['google', 'facebook', 'apple']) });
export type TSocialProvider = z.infer<typeof ZSocialProviderParam>['provider'];
