import type { Register, RegisterCommune } from './register';

/**
 * Where the simulated cadastre's parcels lie (decision 0053). TERC has no coordinates, so:
 *
 * - Showcase: a few hand-drawn precincts of the Mińsk county (Masovian) at their real places, with
 *   long strips, an L-shaped field and a field with a pond (the map suites start there).
 * - Every other commune of the register gets one cell of a national grid (0.1° of longitude by
 *   0.06° of latitude, about 6.8 x 6.7 km) inside its voivodeship's bounding box: the
 *   voivodeships with the fewest cells choose first, each spreads its communes (in TERYT order)
 *   evenly over its free cells, so no two communes share ground. The cell is split into 3 x 2
 *   blocks, one per precinct (2-4 for a town, 3-6 otherwise), each filled with rows of parcels
 *   numbered from 1: farmland strips 25-145 m wide and 220-600 m long (some divided lengthwise
 *   into `n/1`, `n/2`), or town lots of 16-42 by 35-80 m along streets. Everything follows from
 *   the TERYT codes (a seeded PRNG), so every run answers the same.
 */

export type LngLat = [number, number];

export interface SimCommune extends RegisterCommune {
  /** The grid cell [west, south, east, north] of a generated commune; null for a showcase one. */
  cell: [number, number, number, number] | null;
}

export interface SimPrecinct {
  teryt: string;
  name: string;
  commune: SimCommune;
  /** Its block [west, south, east, north] (generated), or null (showcase). */
  block: [number, number, number, number] | null;
}

export interface SimParcel {
  id: string;
  number: string;
  precinct: SimPrecinct;
  /** Rings in WGS84 (longitude, latitude), the first the outline, the others holes. */
  rings: LngLat[][];
  bbox: [number, number, number, number];
}

/** Approximate bounding boxes of the voivodeships [west, south, east, north] by TERYT code. */
export const VOIVODESHIP_BBOX: Record<string, [number, number, number, number]> = {
  '02': [14.82, 50.1, 17.8, 51.8],
  '04': [17.25, 52.33, 19.78, 53.78],
  '06': [21.62, 50.25, 24.15, 52.29],
  '08': [14.53, 51.37, 16.42, 53.12],
  '10': [18.07, 50.84, 20.66, 52.39],
  '12': [19.08, 49.17, 21.42, 50.52],
  '14': [19.26, 51.01, 23.13, 53.48],
  '16': [16.91, 49.97, 18.7, 51.2],
  '18': [21.14, 49.0, 23.55, 50.82],
  '20': [21.59, 52.28, 23.94, 54.41],
  '22': [16.7, 53.49, 19.65, 54.84],
  '24': [18.03, 49.39, 19.97, 51.1],
  '26': [19.7, 50.17, 21.87, 51.35],
  '28': [19.13, 53.13, 22.88, 54.45],
  '30': [15.78, 51.1, 19.1, 53.66],
  '32': [14.12, 52.62, 16.98, 54.58],
};

const GRID = { west: 14, south: 49, dLon: 0.1, dLat: 0.06 };
const BLOCK_COLS = 3;
const BLOCK_ROWS = 2;
/** Cells around the showcase precincts stay free of generated communes. */
const SHOWCASE_ZONE: [number, number, number, number] = [21.45, 52.04, 21.9, 52.25];
const URBAN = new Set(['1', '4', '8', '9']);

const VILLAGES = [
  'Wola',
  'Zalesie',
  'Dąbrowa',
  'Nowa Wieś',
  'Brzezinki',
  'Olszyny',
  'Podlesie',
  'Łęg',
  'Kolonia',
  'Górki',
  'Zawady',
  'Stara Wieś',
  'Lipiny',
  'Borek',
  'Józefów',
  'Michałów',
  'Piaski',
  'Kamionka',
  'Zakrzew',
  'Wólka',
  'Budy',
  'Grabowo',
  'Jabłonna',
  'Osiny',
  'Sośnica',
  'Ruda',
  'Poręba',
  'Wierzbica',
  'Kąty',
  'Łazy',
  'Mokre',
  'Pniewy',
  'Dębina',
  'Zagórze',
  'Brzozów',
  'Lipowiec',
  'Marianów',
  'Kazimierzów',
  'Stanisławów',
  'Antoniów',
];

// ---- showcase: hand-drawn parcels, rings in metres east/north of the precinct's origin ----

interface ShowcasePrecinct {
  teryt: string;
  name: string;
  origin: LngLat;
}

const SHOWCASE_PRECINCTS: ShowcasePrecinct[] = [
  { teryt: '141201_1.0001', name: '0001', origin: [21.5896, 52.1717] },
  { teryt: '141201_1.0002', name: '0002', origin: [21.5702, 52.1805] },
  { teryt: '141211_2.0001', name: 'Barcząca', origin: [21.6322, 52.1651] },
  { teryt: '141211_2.0007', name: 'Janów', origin: [21.5305, 52.2025] },
  { teryt: '141211_2.0021', name: 'Stojadła', origin: [21.6012, 52.1523] },
  { teryt: '141212_5.0012', name: 'Grodzisk', origin: [21.7911, 52.1432] },
  // Under the point the map suites start from (52.0812 N, 21.8045 E).
  { teryt: '141212_5.0008', name: 'Kuflew', origin: [21.8, 52.079] },
];

const rect = (x: number, y: number, w: number, h: number): [number, number][] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
  [x, y],
];

const SHOWCASE_PARCELS: { precinct: string; number: string; rings: [number, number][][] }[] = [
  { precinct: '141201_1.0001', number: '6509', rings: [rect(0, 0, 42, 75)] },
  // Stojadła: farmland strips side by side (they share edges), an L-shaped field, a field with a pond.
  { precinct: '141211_2.0021', number: '112', rings: [rect(0, 0, 60, 600)] },
  { precinct: '141211_2.0021', number: '113', rings: [rect(60, 0, 55, 600)] },
  { precinct: '141211_2.0021', number: '114/1', rings: [rect(115, 0, 70, 300)] },
  { precinct: '141211_2.0021', number: '114/2', rings: [rect(115, 300, 70, 300)] },
  {
    precinct: '141211_2.0021',
    number: '120',
    rings: [
      [
        [300, 0],
        [700, 0],
        [700, 150],
        [450, 150],
        [450, 500],
        [300, 500],
        [300, 0],
      ],
    ],
  },
  {
    precinct: '141211_2.0021',
    number: '130',
    rings: [rect(800, 0, 400, 350), rect(950, 120, 80, 60).reverse()],
  },
  { precinct: '141211_2.0001', number: '45/3', rings: [rect(0, 0, 120, 380)] },
  { precinct: '141212_5.0012', number: '210', rings: [rect(0, 0, 250, 400)] },
  // Kuflew: three fields side by side around the map suites' starting point, a lane (no parcel) north of them.
  { precinct: '141212_5.0008', number: '301', rings: [rect(0, 0, 250, 500)] },
  { precinct: '141212_5.0008', number: '302/1', rings: [rect(250, 0, 200, 500)] },
  { precinct: '141212_5.0008', number: '302/2', rings: [rect(450, 0, 300, 500)] },
];

// ---- helpers ----

/** Metres east/north of `origin` to WGS84 (a local equirectangular step, exact enough for a field). */
function toLngLat(origin: LngLat, [x, y]: [number, number]): LngLat {
  const kx = 111_320 * Math.cos((origin[1] * Math.PI) / 180);
  return [round7(origin[0] + x / kx), round7(origin[1] + y / 110_574)];
}

const round7 = (v: number) => Math.round(v * 1e7) / 1e7;

function bboxOf(rings: LngLat[][]): [number, number, number, number] {
  let w = Infinity;
  let s = Infinity;
  let e = -Infinity;
  let n = -Infinity;
  for (const [x, y] of rings[0]!) {
    w = Math.min(w, x);
    e = Math.max(e, x);
    s = Math.min(s, y);
    n = Math.max(n, y);
  }
  return [w, s, e, n];
}

/** Even-odd rule over every ring: inside the outline and outside its holes. */
export function ringsContain(rings: LngLat[][], [x, y]: LngLat): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i]!;
      const [xj, yj] = ring[j]!;
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

const overlaps = (a: number[], b: number[]) =>
  a[0]! < b[2]! && b[0]! < a[2]! && a[1]! < b[3]! && b[1]! < a[3]!;

function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i += 1) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const cellBounds = (i: number, j: number): [number, number, number, number] => [
  round7(GRID.west + i * GRID.dLon),
  round7(GRID.south + j * GRID.dLat),
  round7(GRID.west + (i + 1) * GRID.dLon),
  round7(GRID.south + (j + 1) * GRID.dLat),
];

// ---- the cadastre ----

export class SimulatedCadastre {
  readonly voivodeships: Register['voivodeships'];
  readonly counties: Register['counties'];
  readonly communes: SimCommune[];
  private readonly byTeryt = new Map<string, SimCommune>();
  private readonly byCell = new Map<string, SimCommune>();
  private readonly showcasePrecincts = new Map<string, SimPrecinct[]>();
  private readonly showcaseParcels: SimParcel[] = [];
  private readonly parcelCache = new Map<string, SimParcel[]>();

  constructor(register: Register) {
    this.voivodeships = register.voivodeships;
    this.counties = register.counties;
    const showcaseCommunes = new Set(SHOWCASE_PRECINCTS.map((p) => p.teryt.split('.')[0]!));
    this.communes = register.communes.map((c) => ({ ...c, cell: null }));
    for (const c of this.communes) this.byTeryt.set(c.teryt, c);

    // Grid cells: showcase zone reserved, then the voivodeships with the fewest cells first.
    const taken = new Set<string>();
    const cellsIn = ([w, s, e, n]: number[]) => {
      const out: [number, number][] = [];
      for (
        let j = Math.ceil((s! - GRID.south) / GRID.dLat);
        GRID.south + (j + 1) * GRID.dLat <= n! + 1e-9;
        j += 1
      )
        for (
          let i = Math.ceil((w! - GRID.west) / GRID.dLon);
          GRID.west + (i + 1) * GRID.dLon <= e! + 1e-9;
          i += 1
        )
          out.push([i, j]);
      return out;
    };
    for (const [i, j] of cellsIn(SHOWCASE_ZONE.map((v, k) => (k < 2 ? v - 0.1 : v + 0.1))))
      if (overlaps(cellBounds(i, j), SHOWCASE_ZONE)) taken.add(`${i},${j}`);
    const order = Object.keys(VOIVODESHIP_BBOX).sort(
      (a, b) =>
        cellsIn(VOIVODESHIP_BBOX[a]!).length - cellsIn(VOIVODESHIP_BBOX[b]!).length || a.localeCompare(b),
    );
    for (const woj of order) {
      const communes = this.communes
        .filter((c) => c.voivodeship === woj && !showcaseCommunes.has(c.teryt))
        .sort((a, b) => a.teryt.localeCompare(b.teryt));
      const free = cellsIn(VOIVODESHIP_BBOX[woj]!).filter(([i, j]) => !taken.has(`${i},${j}`));
      if (free.length < communes.length)
        throw new Error(`voivodeship ${woj}: ${communes.length} communes, only ${free.length} free cells`);
      communes.forEach((c, k) => {
        const [i, j] = free[Math.floor(((k + 0.5) * free.length) / communes.length)]!;
        taken.add(`${i},${j}`);
        c.cell = cellBounds(i, j);
        this.byCell.set(`${i},${j}`, c);
      });
    }

    for (const p of SHOWCASE_PRECINCTS) {
      const commune = this.byTeryt.get(p.teryt.split('.')[0]!);
      if (!commune) throw new Error(`showcase commune of ${p.teryt} is not in the register`);
      const list = this.showcasePrecincts.get(commune.teryt) ?? [];
      list.push({ teryt: p.teryt, name: p.name, commune, block: null });
      this.showcasePrecincts.set(commune.teryt, list);
    }
    for (const sp of SHOWCASE_PARCELS) {
      const def = SHOWCASE_PRECINCTS.find((p) => p.teryt === sp.precinct)!;
      const precinct = this.showcasePrecincts
        .get(sp.precinct.split('.')[0]!)!
        .find((p) => p.teryt === sp.precinct)!;
      const rings = sp.rings.map((r) => r.map((pt) => toLngLat(def.origin, pt)));
      this.showcaseParcels.push({
        id: `${sp.precinct}.${sp.number}`,
        number: sp.number,
        precinct,
        rings,
        bbox: bboxOf(rings),
      });
    }
  }

  commune(teryt: string): SimCommune | undefined {
    return this.byTeryt.get(teryt);
  }

  /** The precincts of a commune (showcase ones, else its generated blocks). */
  precincts(communeTeryt: string): SimPrecinct[] {
    const showcase = this.showcasePrecincts.get(communeTeryt);
    if (showcase) return showcase;
    const commune = this.byTeryt.get(communeTeryt);
    if (!commune?.cell) return [];
    const h = fnv1a(commune.teryt);
    const urban = URBAN.has(commune.rodz);
    const count = urban ? 2 + (h % 3) : 3 + (h % 4);
    const [w, s] = commune.cell;
    const bw = GRID.dLon / BLOCK_COLS;
    const bh = GRID.dLat / BLOCK_ROWS;
    return Array.from({ length: count }, (_, k) => {
      const col = k % BLOCK_COLS;
      const row = Math.floor(k / BLOCK_COLS);
      const code = String(k + 1).padStart(4, '0');
      return {
        teryt: `${commune.teryt}.${code}`,
        name: urban ? code : VILLAGES[(h + k * 7) % VILLAGES.length]!,
        commune,
        block: [
          round7(w + col * bw),
          round7(s + row * bh),
          round7(w + (col + 1) * bw),
          round7(s + (row + 1) * bh),
        ] as [number, number, number, number],
      };
    });
  }

  precinct(teryt: string): SimPrecinct | undefined {
    return this.precincts(teryt.split('.')[0]!).find((p) => p.teryt === teryt);
  }

  /** Every parcel of a precinct (generated ones computed on demand, the last 256 precincts kept). */
  parcelsOf(precinct: SimPrecinct): SimParcel[] {
    if (!precinct.block) return this.showcaseParcels.filter((p) => p.precinct.teryt === precinct.teryt);
    const cached = this.parcelCache.get(precinct.teryt);
    if (cached) return cached;
    const parcels = generateParcels(precinct);
    this.parcelCache.set(precinct.teryt, parcels);
    if (this.parcelCache.size > 256) this.parcelCache.delete(this.parcelCache.keys().next().value!);
    return parcels;
  }

  parcelById(id: string): SimParcel | undefined {
    const m = /^(\d{6}_\d\.\d{4})\.(.+)$/.exec(id);
    if (!m) return undefined;
    const precinct = this.precinct(m[1]!);
    return precinct ? this.parcelsOf(precinct).find((p) => p.number === m[2]) : undefined;
  }

  /** `<precinct name> <number>` (GetParcelByIdOrNr): the showcase precincts only. */
  parcelsByName(name: string, number: string): SimParcel[] {
    return this.showcaseParcels.filter(
      (p) => p.precinct.name.toLowerCase() === name.toLowerCase() && p.number === number,
    );
  }

  /** The parcel under a WGS84 point, if any. */
  parcelAt(lng: number, lat: number): SimParcel | undefined {
    const hit = (p: SimParcel) =>
      lng >= p.bbox[0] &&
      lng <= p.bbox[2] &&
      lat >= p.bbox[1] &&
      lat <= p.bbox[3] &&
      ringsContain(p.rings, [lng, lat]);
    const showcase = this.showcaseParcels.find(hit);
    if (showcase) return showcase;
    const i = Math.floor((lng - GRID.west) / GRID.dLon);
    const j = Math.floor((lat - GRID.south) / GRID.dLat);
    const commune = this.byCell.get(`${i},${j}`);
    if (!commune) return undefined;
    const block = this.precincts(commune.teryt).find(
      (p) => p.block && lng >= p.block[0] && lng < p.block[2] && lat >= p.block[1] && lat < p.block[3],
    );
    return block ? this.parcelsOf(block).find(hit) : undefined;
  }

  /** Parcels whose box meets [west, south, east, north]; `null` when the box spans too many cells to draw. */
  parcelsIn(box: [number, number, number, number], maxCells = 64): SimParcel[] | null {
    const [w, s, e, n] = box;
    const i0 = Math.floor((w - GRID.west) / GRID.dLon);
    const i1 = Math.floor((e - GRID.west) / GRID.dLon);
    const j0 = Math.floor((s - GRID.south) / GRID.dLat);
    const j1 = Math.floor((n - GRID.south) / GRID.dLat);
    if ((i1 - i0 + 1) * (j1 - j0 + 1) > maxCells) return null;
    const found = this.showcaseParcels.filter((p) => overlaps(p.bbox, box));
    for (let j = j0; j <= j1; j += 1)
      for (let i = i0; i <= i1; i += 1) {
        const commune = this.byCell.get(`${i},${j}`);
        if (!commune) continue;
        for (const precinct of this.precincts(commune.teryt))
          if (precinct.block && overlaps(precinct.block, box))
            for (const p of this.parcelsOf(precinct)) if (overlaps(p.bbox, box)) found.push(p);
      }
    return found;
  }
}

/** Rows of parcels in a precinct's block (metres from its south-west corner plus a 100 m margin). */
function generateParcels(precinct: SimPrecinct): SimParcel[] {
  const [w, s] = precinct.block!;
  const origin: LngLat = [w, s];
  const urban = URBAN.has(precinct.commune.rodz);
  const random = mulberry32(fnv1a(precinct.teryt));
  const width = urban ? 700 : 1900;
  const height = urban ? 700 : 3000;
  const margin = 100;
  const parcels: SimParcel[] = [];
  const add = (number: string, x: number, y: number, pw: number, ph: number) => {
    const rings = [rect(margin + x, margin + y, pw, ph).map((pt) => toLngLat(origin, pt))];
    parcels.push({ id: `${precinct.teryt}.${number}`, number, precinct, rings, bbox: bboxOf(rings) });
  };
  let n = 0;
  for (let y = 0; ;) {
    const rowH = Math.round(urban ? 35 + random() * 45 : 220 + random() * 380);
    if (y + rowH > height) break;
    for (let x = 0; ;) {
      const pw = Math.round(urban ? 16 + random() * 26 : 25 + random() * 120);
      if (x + pw > width) break;
      n += 1;
      // Parcel 1 of every precinct stays whole, so `<precinct>.1` always answers.
      if (n > 5 && random() < 0.15) {
        const half = Math.round(rowH / 2);
        add(`${n}/1`, x, y, pw, half);
        add(`${n}/2`, x, y + half, pw, rowH - half);
      } else add(String(n), x, y, pw, rowH);
      x += pw;
    }
    y += rowH + (urban ? 12 : 8);
  }
  return parcels;
}
