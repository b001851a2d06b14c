import { describe, expect, it } from 'vitest';
import type { TCrop } from '@gleba/contracts';
import { CROP, SECTOR_A, SECTOR_B, UNDIVIDED } from '../../../testing/farm-fixtures';
import {
  EMPTY_ADDRESS,
  WIZARD_STORAGE_KEY,
  addressErrors,
  formatPrice,
  initialWizard,
  loadWizard,
  orderBody,
  pruneSelection,
  quoteBody,
  sampleCount,
  stepProblem,
  toggleCrop,
  toggleSector,
} from './wizard';

const crops = [CROP, UNDIVIDED] as unknown as TCrop[];
const ctx = { crops, dataComplete: true, hasProfileAddress: true };

describe('order wizard rules', () => {
  it('chooses crops with all their sectors, one sample per sector or per undivided crop', () => {
    let s = toggleCrop(initialWizard(), crops[0]!);
    expect(s.crops).toEqual({ [CROP.id]: [SECTOR_A, SECTOR_B] });
    s = toggleCrop(s, crops[1]!);
    expect(sampleCount(s, crops)).toBe(3);
    s = toggleSector(s, CROP.id, SECTOR_B);
    expect(quoteBody(s, crops).crops).toEqual([
      { cropId: CROP.id, sectorIds: [SECTOR_A] },
      { cropId: UNDIVIDED.id },
    ]);
    expect(toggleCrop(s, crops[0]!).crops).toEqual({ [UNDIVIDED.id]: [] });
  });

  it('forgets crops and sectors that are gone from the map', () => {
    const s = { ...initialWizard(), crops: { [CROP.id]: [SECTOR_A, 'gone'], missing: [] } };
    expect(pruneSelection(s, crops).crops).toEqual({ [CROP.id]: [SECTOR_A] });
    const clean = { ...initialWizard(), crops: { [CROP.id]: [SECTOR_A] } };
    expect(pruneSelection(clean, crops)).toBe(clean);
  });

  it('refuses each step until its rule holds', () => {
    const s = initialWizard();
    expect(stepProblem('crops', s, ctx)).toEqual({ key: 'farmOrder.errNoCrop' });
    expect(stepProblem('crops', { ...s, crops: { [CROP.id]: [] } }, ctx)).toEqual({
      key: 'farmOrder.errNoSector',
      params: { name: 'Pszenica 2026' },
    });
    expect(stepProblem('test', { ...s, additionalTests: ['EGNER', 'UNIVERSAL_METHOD'] }, ctx)).toEqual({
      key: 'farmOrder.errTestCombination',
    });
    expect(stepProblem('test', { ...s, additionalTests: ['EGNER', 'MICRO'] }, ctx)).toBeNull();
    expect(stepProblem('data', s, { ...ctx, dataComplete: false })).toEqual({
      key: 'errors.incompleteUserData',
    });
    expect(stepProblem('data', s, ctx)).toEqual({ key: 'farmOrder.errConfirmData' });
    expect(stepProblem('data', { ...s, confirmed: true }, ctx)).toBeNull();
    expect(stepProblem('address', s, { ...ctx, hasProfileAddress: false })).toEqual({
      key: 'farmOrder.errNoProfileAddress',
    });
    expect(stepProblem('address', { ...s, addressMode: 'other' }, ctx)).not.toBeNull();
  });

  it('checks a delivery address like the orders service', () => {
    expect(addressErrors(EMPTY_ADDRESS)).toEqual({
      cityName: 'customer.fieldRequired',
      postCode: 'customer.fieldRequired',
      streetName: 'customer.fieldRequired',
      buildingNumber: 'customer.fieldRequired',
    });
    const ok = {
      ...EMPTY_ADDRESS,
      cityName: 'Siedlce',
      postCode: '08-110',
      streetName: 'Lipowa',
      buildingNumber: '12',
    };
    expect(addressErrors(ok)).toEqual({});
    expect(
      addressErrors({
        ...ok,
        postCode: '08110',
        cityName: 'S',
        buildingNumber: '12345678901',
        recipient: 'A',
      }),
    ).toEqual({
      postCode: 'farmOrder.errPostCode',
      cityName: 'farmOrder.errTooShort',
      buildingNumber: 'farmOrder.errTooLong',
      recipient: 'farmOrder.errTooShort',
    });
    const body = orderBody(
      {
        ...initialWizard(),
        crops: { [UNDIVIDED.id]: [] },
        addressMode: 'other',
        address: { ...ok, voivodeship: 'MASOVIAN', apartmentNumber: ' 3 ' },
      },
      crops,
    );
    expect(body.deliveryAddress).toEqual({
      recipient: undefined,
      voivodeship: 'MASOVIAN',
      cityName: 'Siedlce',
      postCode: '08-110',
      streetName: 'Lipowa',
      buildingNumber: '12',
      apartmentNumber: '3',
    });
    expect(
      orderBody({ ...initialWizard(), crops: { [UNDIVIDED.id]: [] } }, crops).deliveryAddress,
    ).toBeUndefined();
  });

  it('restores a saved wizard and ignores a broken one', () => {
    sessionStorage.setItem(
      WIZARD_STORAGE_KEY,
      JSON.stringify({ step: 'address', type: 'EXPRESS', address: { cityName: 'Siedlce' } }),
    );
    expect(loadWizard()).toMatchObject({
      step: 'address',
      type: 'EXPRESS',
      address: { cityName: 'Siedlce', postCode: '' },
      paymentMethod: 'ONLINE_BANK_TRANSFER',
    });
    sessionStorage.setItem(WIZARD_STORAGE_KEY, '{not json');
    expect(loadWizard()).toEqual(initialWizard());
    sessionStorage.setItem(WIZARD_STORAGE_KEY, JSON.stringify({ step: 'nowhere' }));
    expect(loadWizard().step).toBe('crops');
    sessionStorage.clear();
  });

  it('shows prices in zł in Polish and PLN otherwise', () => {
    expect(formatPrice(3000, 'pl').replace(/\s/g, ' ')).toBe('30 zł');
    expect(formatPrice(12050, 'en').replace(/\s/g, ' ')).toBe('PLN 120.50');
    expect(formatPrice(3000, 'uk')).toMatch(/30/);
  });
});
