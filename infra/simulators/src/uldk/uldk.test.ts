import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUldkSimulator, type UldkSimulatorHandle } from './index';

describe('ULDK simulator: GetParcelByXY', () => {
  let sim: UldkSimulatorHandle;
  const ask = async (xy: string, result = 'teryt,parcel,region') => {
    const res = await fetch(
      `${sim.url}/?request=GetParcelByXY&xy=${encodeURIComponent(xy)}&result=${result}&srid=4326`,
    );
    expect(res.status).toBe(200);
    return (await res.text()).trim().split('\n');
  };

  beforeAll(async () => {
    sim = await startUldkSimulator({ port: 0 });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('answers the parcel whose polygon holds the point (longitude first)', async () => {
    // Stojadła's origin is 21.6012 E, 52.1523 N; parcel 112 is the strip 0-60 m east, 0-600 m north.
    expect(await ask('21.6015,52.1550,4326')).toEqual(['0', '141207_2.0021.112|112|Stojadła']);
    // 70 m east: the neighbouring strip 113.
    expect(await ask('21.60222,52.1550,4326')).toEqual(['0', '141207_2.0021.113|113|Stojadła']);
    // The map suites' starting point lies in Kuflew.
    expect((await ask('21.8045,52.0812,4326'))[1]).toMatch(/^141208_2\.0008\.302\/1\|/);
  });

  it('answers the geometry in the same EWKT as GetParcelById', async () => {
    const [head, byXy] = await ask('21.6015,52.1550,4326', 'geom_wkt');
    const byId = (
      await (
        await fetch(`${sim.url}/?request=GetParcelById&id=141207_2.0021.112&result=geom_wkt&srid=4326`)
      ).text()
    )
      .trim()
      .split('\n')[1];
    expect(head).toBe('0');
    expect(byXy).toBe(byId);
    expect(byXy).toMatch(/^SRID=4326;POLYGON\(\(21\.6012000 52\.1523000,/);
  });

  it('finds nothing in the pond of parcel 130, between the fields, or for a swapped pair', async () => {
    // Parcel 130: 800-1200 m east, 0-350 m north; the pond 950-1030 m east, 120-180 m north.
    const kx = 111_320 * Math.cos((52.1523 * Math.PI) / 180);
    const point = (x: number, y: number) =>
      `${(21.6012 + x / kx).toFixed(7)},${(52.1523 + y / 110_574).toFixed(7)},4326`;
    expect((await ask(point(900, 100)))[1]).toMatch(/^141207_2\.0021\.130\|/);
    expect((await ask(point(990, 150)))[0]).toBe('-1 brak wyników');
    expect((await ask(point(750, 100)))[0]).toBe('-1 brak wyników');
    expect((await ask('52.1550,21.6015,4326'))[0]).toBe('-1 brak wyników');
  });

  it('refuses a malformed xy and, knowing no projection, a pair without srid 4326', async () => {
    expect(await ask('abc,52.1,4326')).toEqual(['niepoprawny parametr xy']);
    expect(await ask('')).toEqual(['niepoprawny parametr xy']);
    expect((await ask('460166.4,313380.5'))[0]).toMatch(/^-1 /);
  });
});
