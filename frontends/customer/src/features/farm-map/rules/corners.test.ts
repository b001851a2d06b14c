import { describe, expect, it } from 'vitest';
import { checkCorners, parseDegrees } from './corners';

describe('typed corners', () => {
  it('reads decimal degrees with a comma or a dot', () => {
    expect(parseDegrees('52,1553')).toBe(52.1553);
    expect(parseDegrees(' 21.6021 ')).toBe(21.6021);
    expect(parseDegrees('-0.5°')).toBe(-0.5);
    for (const bad of ['', 'abc', '52,1,2', '52.', '1e3', '52 10']) expect(parseDegrees(bad), bad).toBeNull();
  });

  it('gives the ring as [lon, lat] in the typed order when every corner is valid', () => {
    const result = checkCorners([
      { lat: '52,2', lon: '21,5' },
      { lat: '52.2', lon: '21.50147' },
      { lat: '52.2009', lon: '21.50147' },
    ]);
    expect(result.ring).toEqual([
      [21.5, 52.2],
      [21.50147, 52.2],
      [21.50147, 52.2009],
    ]);
    expect(result.tooFew).toBe(false);
  });

  it('names each wrong field and gives no ring', () => {
    const result = checkCorners([
      { lat: '95', lon: '21' },
      { lat: '52', lon: 'x' },
      { lat: '52', lon: '181' },
    ]);
    expect(result.ring).toBeNull();
    expect(result.errors).toEqual([
      { lat: 'farmMap.coordsLatRange' },
      { lon: 'farmMap.coordsNotNumber' },
      { lon: 'farmMap.coordsLonRange' },
    ]);
  });

  it('needs at least 3 corners', () => {
    const result = checkCorners([
      { lat: '52', lon: '21' },
      { lat: '52.001', lon: '21' },
    ]);
    expect(result).toMatchObject({ ring: null, tooFew: true });
  });
});
