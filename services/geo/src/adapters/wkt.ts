import type { MultiPolygon, Polygon, Position } from 'geojson';

export class WktError extends Error {}

/**
 * `SRID=4326;POLYGON((...))` or `MULTIPOLYGON(((...)))` (EWKT as ULDK answers) to GeoJSON.
 * ULDK's axis order for EPSG:4326 is not documented clearly (?): Poland's latitudes (49-55) and
 * longitudes (14-24.2) do not overlap, so pairs starting with a latitude are swapped.
 */
export function parseEwktArea(text: string): Polygon | MultiPolygon {
  const body = text
    .trim()
    .replace(/^SRID=\d+;/i, '')
    .trim();
  const m = /^(MULTIPOLYGON|POLYGON)\s*(\(.*\))$/is.exec(body);
  if (!m) throw new WktError('not a POLYGON or MULTIPOLYGON');
  const kind = m[1]!.toUpperCase();
  const tree = parseNested(m[2]!);
  if (kind === 'POLYGON') {
    const coords = tree.map(toRing);
    if (coords.length === 0) throw new WktError('empty polygon');
    return { type: 'Polygon', coordinates: coords };
  }
  const coords = tree.map((p) => {
    if (!Array.isArray(p)) throw new WktError('bad multipolygon');
    return (p as Nested[]).map(toRing);
  });
  return { type: 'MultiPolygon', coordinates: coords };
}

type Nested = string | Nested[];

function parseNested(s: string): Nested[] {
  let i = 0;
  const parse = (): Nested[] => {
    if (s[i] !== '(') throw new WktError('expected (');
    i++;
    const items: Nested[] = [];
    let text = '';
    while (i < s.length) {
      const ch = s[i]!;
      if (ch === '(') {
        items.push(parse());
      } else if (ch === ')') {
        if (text.trim()) items.push(text.trim());
        i++;
        return items;
      } else if (ch === ',') {
        if (text.trim()) items.push(text.trim());
        text = '';
        i++;
      } else {
        text += ch;
        i++;
      }
    }
    throw new WktError('unbalanced parentheses');
  };
  const out = parse();
  if (s.slice(i).trim()) throw new WktError('trailing text');
  return out;
}

function toRing(node: Nested): Position[] {
  if (!Array.isArray(node)) throw new WktError('bad ring');
  const ring = node.map((pt) => {
    if (typeof pt !== 'string') throw new WktError('bad point');
    const nums = pt.split(/\s+/).map(Number);
    if (nums.length < 2 || nums.some((n) => !Number.isFinite(n))) throw new WktError(`bad point "${pt}"`);
    const [a, b] = nums as [number, number];
    return a >= 49 && a <= 55.5 && b >= 13.5 && b <= 24.5 ? [b, a] : [a, b];
  });
  if (ring.length < 4) throw new WktError('ring too short');
  return ring;
}
