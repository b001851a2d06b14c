import { afterAll, describe, expect, it } from 'vitest';
import { geometry, stopGeometryThread } from '../src/app/geometry-thread';
import { rect } from './shapes';

/** `n` plots as the export reads them from the database (the shape as its JSON text). */
const plots = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${i}`,
    name: `${prefix} ${i}`,
    plotNumber: `${i}/1`,
    areaHa: 1,
    geometryJson: JSON.stringify(rect(i * 200, 0, 100, 100)),
  }));
const names = async (bytes: Promise<Uint8Array>) =>
  (
    JSON.parse(new TextDecoder().decode(await bytes)) as { features: { properties: { name: string } }[] }
  ).features.map((f) => f.properties.name);

describe("geo's geometry thread: a long list goes in parts", () => {
  afterAll(() => stopGeometryThread());

  it('gives the call every item of a list sent in parts, in order', async () => {
    const list = plots(123, 'Pole');
    expect(await names(geometry.exportFile('geojson', list))).toEqual(list.map((p) => p.name));
  });

  it('keeps the parts of calls made at once apart', async () => {
    const a = plots(80, 'A');
    const b = plots(51, 'B');
    const c = plots(3, 'C');
    const [ra, rb, rc] = await Promise.all([
      names(geometry.exportFile('geojson', a)),
      names(geometry.exportFile('geojson', b)),
      names(geometry.exportFile('geojson', c)),
    ]);
    expect(ra).toEqual(a.map((p) => p.name));
    expect(rb).toEqual(b.map((p) => p.name));
    expect(rc).toEqual(c.map((p) => p.name));
  });

  it('sends an empty list and a list of exactly one part whole', async () => {
    expect(await names(geometry.exportFile('geojson', []))).toEqual([]);
    const one = plots(25, 'D');
    expect(await names(geometry.exportFile('geojson', one))).toEqual(one.map((p) => p.name));
  });
});
