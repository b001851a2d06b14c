import { describe, expect, it } from 'vitest';
import { isBarcodeValid, parseLocation, validateSample, type SampleForm } from './test-form-rules';

const form = (over: Partial<SampleForm> = {}): SampleForm => ({
  gardenName: 'My garden',
  plantId: 'TOMATO',
  area: '',
  punctures: '10',
  photo: null,
  lat: '',
  lon: '',
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

  it('takes the garden location as both coordinates (comma or dot) in Poland, or neither', () => {
    expect(validateSample(form({ lat: '52,2297', lon: '21.0122' }))).toEqual({});
    expect(parseLocation(form({ lat: '52,2297', lon: '21.0122' }))).toEqual({ lat: 52.2297, lon: 21.0122 });
    expect(parseLocation(form())).toBeNull();
    expect(validateSample(form({ lat: '52' }))).toEqual({ lon: { key: 'locationBoth' } });
    expect(validateSample(form({ lon: '21' }))).toEqual({ lat: { key: 'locationBoth' } });
    expect(validateSample(form({ lat: '52N', lon: '21' }))).toEqual({ lat: { key: 'coordinateInvalid' } });
    expect(validateSample(form({ lat: '45', lon: '21' }))).toEqual({ lat: { key: 'locationOutsidePoland' } });
    expect(validateSample(form({ lat: '52', lon: '30' }))).toEqual({ lon: { key: 'locationOutsidePoland' } });
    expect(parseLocation(form({ lat: 'x', lon: '21' }))).toBeNull();
  });
});
