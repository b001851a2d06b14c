import { describe, expect, it } from 'vitest';
import { anonymizedSender, isAnonymizedSender } from './erasure';

describe('an erased sender (decision 0057)', () => {
  it('keeps nothing that names the person, and is recognised on a second run', () => {
    const sender = anonymizedSender();
    expect(sender.phone).toBeNull();
    expect(sender.email).toBeNull();
    expect(sender.company).toBeNull();
    expect(isAnonymizedSender(sender)).toBe(true);
    expect(
      isAnonymizedSender({
        name: 'Anna Polna',
        company: null,
        street: 'Polna 3',
        postCode: '20-001',
        city: 'Lublin',
        phone: '+48600200300',
        email: 'anna@example.pl',
      }),
    ).toBe(false);
  });
});
