import { describe, expect, it } from 'vitest';
import { ERASED, anonymizedAddress, anonymizedCustomer, isAnonymized } from './erasure';

describe('an erased person in kept orders (decision 0057)', () => {
  it('replaces name, e-mail, phone; keeps a company and its tax number for the invoice', () => {
    const person = {
      firstName: 'Jan',
      lastName: 'Kowalski',
      email: 'jan@example.com',
      phoneNumber: '+48600100200',
      companyName: null,
      taxNumber: '5260001246',
    };
    expect(anonymizedCustomer(person)).toEqual({
      firstName: ERASED,
      lastName: ERASED,
      email: '',
      phoneNumber: null,
      companyName: null,
      taxNumber: null,
    });
    expect(anonymizedCustomer({ ...person, companyName: 'Agro Sp. z o.o.' })).toMatchObject({
      companyName: 'Agro Sp. z o.o.',
      taxNumber: '5260001246',
    });
    expect(isAnonymized(person)).toBe(false);
    expect(isAnonymized(anonymizedCustomer(person))).toBe(true);
  });

  it('replaces every part of a delivery address; none stays none', () => {
    const address = anonymizedAddress({
      recipient: 'Jan Kowalski',
      cityName: 'Lublin',
      postCode: '20-001',
      streetName: 'Polna',
      buildingNumber: '3',
      apartmentNumber: '4',
      voivodeship: 'LUBLIN',
    });
    expect(JSON.stringify(address)).not.toMatch(/Jan|Lublin|20-001|Polna|LUBLIN/);
    expect(anonymizedAddress(null)).toBeNull();
  });
});
