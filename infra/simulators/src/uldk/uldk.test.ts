import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VOIVODESHIP_BBOX } from './geography';
import { simulatedCadastre, startUldkSimulator, type UldkSimulatorHandle } from './index';
import { decodePng } from './png';
import { labelPoint } from './wms';

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
    expect(await ask('21.6015,52.1550,4326')).toEqual(['0', '141211_2.0021.112|112|Stojadła']);
    // 70 m east: the neighbouring strip 113.
    expect(await ask('21.60222,52.1550,4326')).toEqual(['0', '141211_2.0021.113|113|Stojadła']);
    // The map suites' starting point lies in Kuflew.
    expect((await ask('21.8045,52.0812,4326'))[1]).toMatch(/^141212_5\.0008\.302\/1\|/);
  });

  it('answers the geometry in the same EWKT as GetParcelById', async () => {
    const [head, byXy] = await ask('21.6015,52.1550,4326', 'geom_wkt');
    const byId = (
      await (
        await fetch(`${sim.url}/?request=GetParcelById&id=141211_2.0021.112&result=geom_wkt&srid=4326`)
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
    expect((await ask(point(900, 100)))[1]).toMatch(/^141211_2\.0021\.130\|/);
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

describe('ULDK simulator: every commune of the TERC register', () => {
  const cadastre = simulatedCadastre();
  let sim: UldkSimulatorHandle;
  const text = async (q: string) => (await (await fetch(`${sim.url}${q}`)).text()).trim().split('\n');

  beforeAll(async () => {
    sim = await startUldkSimulator({ port: 0 });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('reads the whole register geo ships: 16 voivodeships, 380 counties, 2,477 communes', () => {
    expect(cadastre.voivodeships).toHaveLength(16);
    expect(cadastre.counties).toHaveLength(380);
    expect(cadastre.communes.filter((c) => ['1', '2', '3'].includes(c.rodz))).toHaveLength(2477);
  });

  it('gives every commune precincts and a parcel 1 inside its voivodeship, found again by point', () => {
    const wrong: string[] = [];
    for (const commune of cadastre.communes) {
      const precincts = cadastre.precincts(commune.teryt);
      if (precincts.length < 2) wrong.push(`${commune.teryt}: ${precincts.length} precincts`);
      // The showcase communes keep their hand-drawn parcels and numbers.
      if (!commune.cell || !precincts[0]) continue;
      const [w, s, e, n] = VOIVODESHIP_BBOX[commune.voivodeship]!;
      const parcel = cadastre.parcelById(`${precincts[0].teryt}.1`);
      if (!parcel) {
        wrong.push(`${commune.teryt}: no parcel 1`);
        continue;
      }
      const [pw, ps, pe, pn] = parcel.bbox;
      if (!(pw >= w && pe <= e && ps >= s && pn <= n))
        wrong.push(`${parcel.id} outside ${commune.voivodeship}`);
      if (cadastre.parcelAt(...labelPoint(parcel))?.id !== parcel.id)
        wrong.push(`${parcel.id} not found by point`);
    }
    expect(wrong).toEqual([]);
  }, 60_000);

  it('never puts two parcels on the same ground (communes in cells of their own)', () => {
    const cells = cadastre.communes.filter((c) => c.cell).map((c) => c.cell!.join(','));
    expect(new Set(cells).size).toBe(cells.length);
    // Two neighbouring precincts of one commune: their parcels do not meet.
    const [a, b] = cadastre.precincts('020101_1');
    const boxesA = cadastre.parcelsOf(a!).map((p) => p.bbox);
    const meeting = cadastre
      .parcelsOf(b!)
      .filter((p) =>
        boxesA.some((q) => p.bbox[0] < q[2] && p.bbox[2] > q[0] && p.bbox[1] < q[3] && p.bbox[3] > q[1]),
      );
    expect(boxesA.length).toBeGreaterThan(10);
    expect(meeting).toEqual([]);
  });

  it('answers the dictionaries and GetParcelById over HTTP, the same on every run', async () => {
    expect(await text('/service.php?obiekt=wojewodztwo')).toHaveLength(17);
    expect(await text('/service.php?obiekt=powiat&teryt=02')).toContain('bolesławiecki|0201');
    const communes = await text('/service.php?obiekt=gmina&teryt=1412');
    expect(communes).toContain('Mińsk Mazowiecki (gmina wiejska)|141211_2');
    expect(communes).toContain('Mrozy (obszar wiejski)|141212_5');
    const precincts = await text('/service.php?obiekt=obreb&teryt=321801_3');
    expect(precincts[0]).toBe('0');
    const first = precincts[1]!.split('|')[1]!;
    const result = 'teryt,parcel,region,commune,county,voivodeship,geom_wkt';
    const one = await text(`/?request=GetParcelById&id=${first}.1&result=${result}&srid=4326`);
    expect(one[0]).toBe('0');
    expect(one[1]).toMatch(
      new RegExp(
        `^${first.replace('.', '\\.')}\\.1\\|1\\|[^|]+\\|Dobra \\(gmina miejsko-wiejska\\)\\|łobeski\\|zachodniopomorskie\\|SRID=4326;POLYGON\\(\\(1[4-6]\\.\\d{7} 5[2-4]\\.\\d{7},`,
      ),
    );
    const again = await startUldkSimulator({ port: 0 });
    try {
      const other = await (
        await fetch(`${again.url}/?request=GetParcelById&id=${first}.1&result=${result}`)
      ).text();
      expect(other.trim().split('\n')[1]).toBe(one[1]);
    } finally {
      await again.close();
    }
    expect(await text(`/?request=GetParcelById&id=${first}.99999&result=teryt`)).toEqual(['-1 brak wyników']);
    expect(await text('/service.php?obiekt=obreb&teryt=999999_9')).toEqual(['-1 brak wyników']);
  });
});

describe('ULDK simulator: WMS GetMap (the cadastral overlay)', () => {
  const cadastre = simulatedCadastre();
  let sim: UldkSimulatorHandle;
  const R = 6_378_137;
  const mx = (lng: number) => (R * lng * Math.PI) / 180;
  const my = (lat: number) => R * Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360));
  /** What MapLibre sends for the overlay (the map's `{bbox-epsg-3857}` template, 256 px tiles). */
  const getMap = (params: Record<string, string>, path = '/wms') =>
    fetch(
      `${sim.url}${path}?${new URLSearchParams({
        SERVICE: 'WMS',
        REQUEST: 'GetMap',
        VERSION: '1.1.1',
        LAYERS: 'dzialki,numery_dzialek',
        STYLES: '',
        FORMAT: 'image/png',
        TRANSPARENT: 'true',
        SRS: 'EPSG:3857',
        WIDTH: '256',
        HEIGHT: '256',
        ...params,
      })}`,
    );
  /** The z-16 tile holding a point, as `{bbox-epsg-3857}` fills it. */
  const tileBox = (lng: number, lat: number, z = 16) => {
    const size = (2 * Math.PI * R) / 2 ** z;
    const x = Math.floor((mx(lng) + Math.PI * R) / size);
    const y = Math.floor((Math.PI * R - my(lat)) / size);
    const minx = -Math.PI * R + x * size;
    const maxy = Math.PI * R - y * size;
    return [minx, maxy - size, minx + size, maxy];
  };
  const pixel = (img: { width: number; data: Uint8Array }, x: number, y: number) =>
    Array.from(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4));

  beforeAll(async () => {
    sim = await startUldkSimulator({ port: 0 });
  });
  afterAll(async () => {
    await sim?.close();
  });

  it('draws the outlines and numbers of the parcels in a map tile, transparent elsewhere', async () => {
    // Kuflew 301 | 302/1 | 302/2: the shared edge of 301 and 302/1 is 250 m east of the origin.
    const kx = 111_320 * Math.cos((52.079 * Math.PI) / 180);
    const edgeLng = 21.8 + 250 / kx;
    const lat = 52.079 + 250 / 110_574;
    const box = tileBox(edgeLng, lat);
    const res = await getMap({ BBOX: box.join(',') });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const img = decodePng(Buffer.from(await res.arrayBuffer()));
    expect([img.width, img.height]).toEqual([256, 256]);
    const px = Math.round(((mx(edgeLng) - box[0]!) / (box[2]! - box[0]!)) * 256);
    const py = Math.round(((box[3]! - my(lat)) / (box[3]! - box[1]!)) * 256);
    // On the edge: the outline colour; 30 px either side (inside the fields): nothing.
    const onEdge = [-1, 0, 1].map((d) => pixel(img, px + d, py)).find((p) => p[3] === 255);
    expect(onEdge?.slice(0, 3)).toEqual([200, 30, 45]);
    expect(pixel(img, px - 30, py)[3]).toBe(0);
    expect(pixel(img, px + 30, py)[3]).toBe(0);
  });

  it("writes the parcel's number at its label point", async () => {
    const parcel = cadastre.parcelById('141212_5.0008.302/1')!;
    const [lng, lat] = labelPoint(parcel);
    const size = 600;
    const box = [mx(lng) - size, my(lat) - size, mx(lng) + size, my(lat) + size];
    const withNumbers = decodePng(Buffer.from(await (await getMap({ BBOX: box.join(',') })).arrayBuffer()));
    const outlines = decodePng(
      Buffer.from(await (await getMap({ BBOX: box.join(','), LAYERS: 'dzialki' })).arrayBuffer()),
    );
    // Around the centre (the label point) the numbered image has text pixels, the outline-only one none.
    const lit = (img: typeof outlines) => {
      let n = 0;
      for (let y = 120; y < 136; y += 1)
        for (let x = 100; x < 156; x += 1) if (pixel(img, x, y)[3]! > 0) n += 1;
      return n;
    };
    expect(lit(withNumbers)).toBeGreaterThan(20);
    expect(lit(outlines)).toBe(0);
  });

  it("reads EPSG:4326 in 1.1.1 (longitude first) and 1.3.0 (latitude first) alike, and KIEG's path", async () => {
    const p = cadastre.parcelById('020101_1.0001.1')!;
    const [w, s, e, n] = p.bbox;
    const pad = 0.002;
    const v111 = await getMap({ SRS: 'EPSG:4326', BBOX: [w - pad, s - pad, e + pad, n + pad].join(',') });
    const v130 = await getMap({
      VERSION: '1.3.0',
      SRS: '',
      CRS: 'EPSG:4326',
      BBOX: [s - pad, w - pad, n + pad, e + pad].join(','),
    });
    const a = Buffer.from(await v111.arrayBuffer());
    expect(a.equals(Buffer.from(await v130.arrayBuffer()))).toBe(true);
    expect(decodePng(a).data.some((v, i) => i % 4 === 3 && v > 0)).toBe(true);
    const kieg = await getMap(
      { SRS: 'EPSG:4326', BBOX: [w - pad, s - pad, e + pad, n + pad].join(',') },
      '/cgi-bin/KrajowaIntegracjaEwidencjiGruntow',
    );
    expect(Buffer.from(await kieg.arrayBuffer()).equals(a)).toBe(true);
  });

  it('draws nothing for a box spanning the country, and sizes the image as asked', async () => {
    const res = await getMap({
      BBOX: [mx(14), my(49), mx(24), my(55)].join(','),
      WIDTH: '512',
      HEIGHT: '300',
    });
    const img = decodePng(Buffer.from(await res.arrayBuffer()));
    expect([img.width, img.height]).toEqual([512, 300]);
    expect(img.data.every((v, i) => i % 4 !== 3 || v === 0)).toBe(true);
  });

  it('answers a ServiceException for a wrong CRS, box, size, layer or format', async () => {
    const box = tileBox(21.8045, 52.0812).join(',');
    const cases: [Record<string, string>, string][] = [
      [{ BBOX: box, SRS: 'EPSG:2180' }, 'InvalidSRS'],
      [{ BBOX: box, VERSION: '1.3.0', CRS: 'EPSG:2180' }, 'InvalidCRS'],
      [{ BBOX: '1,2,3' }, 'InvalidParameterValue'],
      [{ BBOX: '5,5,1,1' }, 'InvalidParameterValue'],
      [{ BBOX: box, WIDTH: '4096' }, 'InvalidParameterValue'],
      [{ BBOX: box, HEIGHT: '0' }, 'InvalidParameterValue'],
      [{ BBOX: box, LAYERS: 'budynki' }, 'LayerNotDefined'],
      [{ BBOX: box, FORMAT: 'image/jpeg' }, 'InvalidFormat'],
      [{ BBOX: box, REQUEST: 'GetFeatureInfo' }, 'OperationNotSupported'],
    ];
    for (const [params, code] of cases) {
      const res = await getMap(params);
      expect(res.headers.get('content-type'), code).toMatch(/^application\/vnd\.ogc\.se_xml/);
      expect(await res.text(), JSON.stringify(params)).toContain(`code="${code}"`);
    }
  });
});
