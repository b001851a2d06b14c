import { describe, expect, it } from 'vitest';
import { isBarcodeValid, validateSample, type SampleForm } from './test-form-rules';

const form = (over: Partial<SampleForm> = {}): SampleForm => ({
  gardenName: 'My garden',
  plantId: 'TOMATO',
  area: '',
  punctures: '16',
  photo: null,
  ...over,
});

describe('add-test form rules', () => {
  it('accepts a code of 12 to 16 characters (trimmed) and refuses others', () => {
    expect(isBarcodeValid('A'.repeat(11))).toBe(false);
    expect(isBarcodeValid('A'.repeat(12))).toBe(true);
    expect(isBarcodeValid(` ${'A'.repeat(16)} `)).toBe(true);
    expect(isBarcodeValid('A'.repeat(17))).toBe(false);
  });
  it('requires a name of at least 3 characters and a plant', () => {
    expect(validateSample(form({ gardenName: ' ab ' })).gardenName?.key).toBe('gardenNameTooShort');
    expect(validateSample(form({ gardenName: 'abc' })).gardenName).toBeUndefined();
    expect(validateSample(form({ plantId: '' })).plantId?.key).toBe('plantRequired');
  });
  it('takes an optional area within 0..10000 ares, with a comma or a dot', () => {
    expect(validateSample(form({ area: '' })).area).toBeUndefined();
    expect(validateSample(form({ area: '0' })).area).toBeUndefined();
    expect(validateSample(form({ area: '2,5' })).area).toBeUndefined();
    expect(validateSample(form({ area: '-1' })).area?.key).toBe('areaNegative');
    expect(validateSample(form({ area: '10000.5' })).area?.key).toBe('areaTooLarge');
    expect(validateSample(form({ area: 'abc' })).area?.key).toBe('areaInvalid');
  });
  it('accepts images only as the photo', () => {
    expect(
      validateSample(form({ photo: new File(['x'], 'a.pdf', { type: 'application/pdf' }) })).photo?.key,
    ).toBe('photoNotImage');
    expect(
      validateSample(form({ photo: new File(['x'], 'a.jpg', { type: 'image/jpeg' }) })).photo,
    ).toBeUndefined();
  });
});
