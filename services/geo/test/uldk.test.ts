import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUldkSimulator, type UldkSimulatorHandle } from '@gleba/simulators';
import { CadastreError, uldkCadastre, type Cadastre } from '../src/adapters/uldk.provider';
import { areaHa } from '../src/domain/geometry';

describe('ULDK client against the simulator', () => {
  let sim: UldkSimulatorHandle;
  let uldk: Cadastre;

  beforeAll(async () => {
    sim = await startUldkSimulator({ port: 0 });
    uldk = uldkCadastre({ baseUrl: sim.url, timeoutMs: 1000 });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('finds a parcel by TERYT id with its polygon and names', async () => {
    const p = await uldk.getParcelById('141207_2.0021.112');
    expect(p).toMatchObject({
      terytId: '141207_2.0021.112',
      plotNumber: '112',
      precinct: 'Stojadła',
      county: 'miński',
      voivodeship: 'mazowieckie',
    });
    expect(p!.geometry.type).toBe('Polygon');
    expect(areaHa(p!.geometry)).toBeGreaterThan(3.5);
    expect(areaHa(p!.geometry)).toBeLessThan(3.7);
  });

  it('keeps the hole of a parcel with a pond', async () => {
    const p = await uldk.getParcelById('141207_2.0021.130');
    expect(p!.geometry.type === 'Polygon' && p!.geometry.coordinates).toHaveLength(2);
  });

  it('answers null for a parcel that does not exist', async () => {
    expect(await uldk.getParcelById('141207_2.0021.9999')).toBeNull();
  });

  it('finds by precinct name and number (GetParcelByIdOrNr)', async () => {
    const found = await uldk.getParcelByIdOrNr('Stojadła 114/1');
    expect(found.map((p) => p.terytId)).toEqual(['141207_2.0021.114/1']);
    expect(await uldk.getParcelByIdOrNr('Nigdzie 1')).toEqual([]);
  });

  it('finds the parcel under a point (GetParcelByXY, longitude first) and null where there is none', async () => {
    const p = await uldk.parcelByPoint(21.6015, 52.155);
    expect(p).toMatchObject({ terytId: '141207_2.0021.112', plotNumber: '112', precinct: 'Stojadła' });
    expect(p!.geometry.type).toBe('Polygon');
    expect(sim.requests.at(-1)).toContain('xy=21.6015000%2C52.1550000%2C4326');
    expect(await uldk.parcelByPoint(21.5, 52.0)).toBeNull();
    sim.failNext('http500');
    await expect(uldk.parcelByPoint(21.6015, 52.155)).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('lists precincts of a commune from the dictionary', async () => {
    const precincts = await uldk.dictionary('obreb', '141207_2');
    expect(precincts.map((p) => p.name)).toEqual(['Barcząca', 'Janów', 'Stojadła']);
    expect(await uldk.dictionary('obreb', '999999_9')).toEqual([]);
  });

  it('reports a malformed answer, an HTTP error and a timeout', async () => {
    sim.failNext('malformed');
    await expect(uldk.getParcelById('141207_2.0021.112')).rejects.toMatchObject({ kind: 'malformed' });
    sim.failNext('http500');
    await expect(uldk.getParcelById('141207_2.0021.112')).rejects.toMatchObject({ kind: 'unavailable' });
    sim.failNext('timeout');
    const slow = uldkCadastre({ baseUrl: sim.url, timeoutMs: 200 });
    await expect(slow.getParcelById('141207_2.0021.112')).rejects.toBeInstanceOf(CadastreError);
  });

  it('reports an unreachable service', async () => {
    const down = uldkCadastre({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 500 });
    await expect(down.dictionary('obreb', '141207_2')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});
