import type {
  TAddress,
  TBusinessDataInput,
  TCorrespondenceAddressInput,
  TPersonalDataInput,
  ServiceRole,
} from '@gleba/contracts';

export interface ProfileData {
  serviceRole: ServiceRole;
  personalData: TPersonalDataInput | null;
  businessData: TBusinessDataInput | null;
  correspondenceAddress: TCorrespondenceAddressInput | null;
}

/** The address an order ships to: the business one for a business, else the personal one. */
export function mainAddress(p: ProfileData): TAddress | null {
  const source = p.serviceRole === 'BUSINESS' ? p.businessData?.address : p.personalData?.address;
  return source ?? null;
}

/** The correspondence address after following its source; none given means the main address. */
export function resolvedCorrespondenceAddress(p: ProfileData): TAddress | null {
  const c = p.correspondenceAddress;
  if (!c) return mainAddress(p);
  if (c.addressSource === 'PERSONAL_DATA') return p.personalData?.address ?? null;
  if (c.addressSource === 'BUSINESS_DATA') return p.businessData?.address ?? null;
  return c.address;
}

/**
 * Spec 5: the user must have complete data before ordering. Complete means the data of the
 * chosen service role, a phone number for SMS notices, a main and a correspondence address.
 */
export function isDataComplete(p: ProfileData | null, accountPhone: string | null): boolean {
  if (!p) return false;
  if (p.serviceRole === 'PERSONAL' && !p.personalData) return false;
  if (p.serviceRole === 'BUSINESS' && (!p.businessData?.companyName || !p.businessData.taxNumber))
    return false;
  if (!(p.personalData?.phoneNumber ?? accountPhone)) return false;
  return mainAddress(p) !== null && resolvedCorrespondenceAddress(p) !== null;
}
