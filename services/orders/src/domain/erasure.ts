/**
 * What an erased person's kept orders look like (decision 0057): the accounting fields (numbers,
 * amounts, dates, payment, a company's name and tax number) stay; the person's name, e-mail,
 * phone and address are replaced by this mark.
 */
export const ERASED = 'ERASED';

export function anonymizedCustomer(customer: unknown): Record<string, unknown> {
  const c = (customer ?? {}) as Record<string, unknown>;
  return {
    firstName: ERASED,
    lastName: ERASED,
    email: '',
    phoneNumber: null,
    companyName: c.companyName ?? null,
    taxNumber: c.companyName ? (c.taxNumber ?? null) : null,
  };
}

export function anonymizedAddress(address: unknown): Record<string, unknown> | null {
  if (address === null || address === undefined) return null;
  return {
    recipient: ERASED,
    voivodeship: null,
    cityName: ERASED,
    postCode: '00-000',
    streetName: ERASED,
    buildingNumber: ERASED,
    apartmentNumber: null,
  };
}

/** True when the snapshot already carries the mark (a second run changes nothing). */
export function isAnonymized(customer: unknown): boolean {
  return (customer as { firstName?: unknown } | null)?.firstName === ERASED;
}
