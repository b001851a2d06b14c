import { describe, expect, it } from 'vitest';
import { fitSms, smsSize, toGsm7 } from '../src/domain/sms';
import { renderSms } from '../src/domain/templates';

describe('SMS segments (decision 0038)', () => {
  it('counts GSM-7 septets and UCS-2 units, one segment up to 160 / 70', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'GSM7', units: 160, segments: 1 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'GSM7', units: 161, segments: 2 });
    // Extension characters take two septets.
    expect(smsSize('€'.repeat(80)).units).toBe(160);
    expect(smsSize('€'.repeat(81)).segments).toBe(2);
    // One Polish letter makes the whole message UCS-2.
    expect(smsSize(`ą${'a'.repeat(69)}`)).toEqual({ encoding: 'UCS2', units: 70, segments: 1 });
    expect(smsSize(`ą${'a'.repeat(70)}`)).toEqual({ encoding: 'UCS2', units: 71, segments: 2 });
    expect(smsSize('ą'.repeat(135)).segments).toBe(3);
  });

  it('writes Polish letters without diacritics in the gsm7 alphabet, Cyrillic as it is', () => {
    expect(toGsm7('Zażółć gęślą jaźń – „Łódź”')).toBe('Zazolc gesla jazn - "Lodz"');
    expect(smsSize(toGsm7('Próbki wysłane do laboratorium.')).encoding).toBe('GSM7');
    expect(toGsm7('Зразки')).toBe('Зразки');
  });

  it('adds the link only when the message stays in one segment', () => {
    const url = 'https://app.gleba.pl/soil-tests/edit/0b7d6f5e-52a4-4d1c-9a57-3f1f0f4f7a11?lang=pl';
    const pl = 'Gleba: Próbki do badania GLEBA0000000001 wysłane do laboratorium.';
    expect(fitSms(pl, url, 'unicode')).toMatchObject({ body: pl, withLink: false, segments: 1 });
    const plain = fitSms(pl, url, 'gsm7');
    expect(plain).toMatchObject({ withLink: true, segments: 1, encoding: 'GSM7' });
    expect(plain.body).toBe(`Gleba: Probki do badania GLEBA0000000001 wyslane do laboratorium. ${url}`);
  });

  it('renders a status SMS that was two segments as one', () => {
    // Before: 'Kurier odbierze próbki {pickupDate}, {timeWindow}. Przesyłka {waybill}.' took 73 UCS-2 units.
    const sms = renderSms(
      'courierBooked',
      'pl',
      { params: { pickupDate: '2026-11-27', timeWindow: '08:00-16:00', waybill: '13245678901234' } },
      { timeZone: 'Europe/Warsaw' },
    );
    expect(sms).toMatchObject({ segments: 1, encoding: 'UCS2' });
    expect(sms.body).toBe('Gleba: Kurier: 27.11.2026 08:00-16:00, przesyłka 13245678901234.');
  });
});
