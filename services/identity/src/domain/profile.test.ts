import { describe, expect, it } from 'vitest';
import { normalizePhoneNumber, normalizeTaxNumber, ZPassword } from '@gleba/contracts';
import { isDataComplete, resolvedCorrespondenceAddress, type ProfileData } from './profile';

const address = {
  voivodeship: 'OPOLE' as const,
  cityName: 'Opole',
  postCode: '45-001',
  streetName: 'Rynek',
  buildingNumber: '1',
  apartmentNumber: null,
};
const personal = {
  firstName: 'Ewa',
  lastName: 'Nowak',
  genderType: 'WOMAN' as const,
  phoneNumber: '+48601202303',
  taxNumber: null,
  address,
};

describe('Polish phone numbers to E.164', () => {
  it.each([
    ['600 700 800', '+48600700800'],
    ['+48 600-700-800', '+48600700800'],
    ['0048600700800', '+48600700800'],
    ['48600700800', '+48600700800'],
    ['(22) 123 45 67', '+48221234567'],
    ['+380 44 123 4567', '+380441234567'],
  ])('%s -> %s', (input, out) => expect(normalizePhoneNumber(input)).toBe(out));
  it.each(['12345', '060070080', 'abc', '+48 60070080'])('refuses %s', (input) =>
    expect(normalizePhoneNumber(input)).toBeNull(),
  );
});

describe('NIP checksum', () => {
  it('accepts valid numbers with separators or a PL prefix', () => {
    expect(normalizeTaxNumber('526-000-12-46')).toBe('5260001246');
    expect(normalizeTaxNumber('PL 5260001246')).toBe('5260001246');
  });
  it('refuses a wrong check digit, a wrong length and a checksum of 10', () => {
    expect(normalizeTaxNumber('5260001247')).toBeNull();
    expect(normalizeTaxNumber('526000124')).toBeNull();
    expect(normalizeTaxNumber('1000000000')).toBeNull();
    expect(normalizeTaxNumber('1000010000')).toBeNull(); // weighted sum 10: no check digit can match
  });
});

describe('password rule', () => {
  it('accepts Polish letters as lower and upper case', () =>
    expect(ZPassword.safeParse('Źdźbło#12').success).toBe(true));
});

describe('complete data', () => {
  const base: ProfileData = {
    serviceRole: 'PERSONAL',
    personalData: personal,
    businessData: null,
    correspondenceAddress: null,
  };
  it('personal data with a phone and an address is complete; none is not', () => {
    expect(isDataComplete(base, null)).toBe(true);
    expect(isDataComplete(null, '+48600700800')).toBe(false);
  });
  it('a business needs company data', () => {
    expect(isDataComplete({ ...base, serviceRole: 'BUSINESS' }, null)).toBe(false);
  });
  it('follows the correspondence address source', () => {
    const other = { ...address, cityName: 'Nysa' };
    expect(
      resolvedCorrespondenceAddress({
        ...base,
        correspondenceAddress: { addressSource: 'NONE', address: other },
      })?.cityName,
    ).toBe('Nysa');
    expect(
      resolvedCorrespondenceAddress({
        ...base,
        correspondenceAddress: { addressSource: 'PERSONAL_DATA', address: null },
      })?.cityName,
    ).toBe('Opole');
    expect(
      isDataComplete(
        { ...base, correspondenceAddress: { addressSource: 'BUSINESS_DATA', address: null } },
        null,
      ),
    ).toBe(false);
  });
});
