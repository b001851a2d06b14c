import fc from 'fast-check';
import type { Endpoint } from '../endpoints';

export interface FuzzCase {
  kind: 'body' | 'malformed-json' | 'content-type' | 'param' | 'query';
  endpoint: Endpoint;
  path: string;
  json?: unknown;
  raw?: string;
  contentType?: string;
  note: string;
}

const HUGE = 'A'.repeat(200_000);

/** Wrong types, huge and unicode strings, negative and extreme numbers, nested junk. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, -1e12, 1e308, Number.MAX_SAFE_INTEGER + 2, 0.1e-300),
  fc.boolean(),
  fc.constant(null),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    HUGE,
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '\u0000\uffff\ud800',
    'NaN',
    '2026-13-45',
    '',
    ' ',
    '😀'.repeat(1000),
    '../../etc/passwd',
  ),
  fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }),
);

type PathKey = (string | number)[];

function leafPaths(v: unknown, prefix: PathKey = []): PathKey[] {
  if (v && typeof v === 'object') {
    const entries = Array.isArray(v) ? v.map((x, i) => [i, x] as const) : Object.entries(v);
    const out: PathKey[] = prefix.length ? [prefix] : [];
    for (const [k, x] of entries) out.push(...leafPaths(x, [...prefix, k]));
    return out;
  }
  return [prefix];
}

function clone<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

function setAt(root: unknown, path: PathKey, value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = clone(root) as Record<string | number, unknown>;
  let node = copy;
  for (const k of path.slice(0, -1)) node = node[k] as Record<string | number, unknown>;
  const last = path.at(-1)!;
  if (remove) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

const MALFORMED = [
  '{',
  '{"a":',
  '[1,2',
  'undefined',
  "{'a':1}",
  '{"a":1}}',
  '{"a":01}',
  'nul',
  '\u0000',
  '{"__proto__":{"role":"ADMIN"}',
  `${'['.repeat(5000)}`,
];
const ID_JUNK = [
  'abc',
  '0',
  '-1',
  '1e9',
  "' OR 1=1--",
  '%00',
  'ż'.repeat(300),
  'a'.repeat(3000),
  '00000000-0000-0000-0000-00000000000g',
  '{{id}}',
  'null',
  'undefined',
  '<script>',
  '..%2F..%2Fetc%2Fpasswd',
  '%E0%A4%A',
];

/** fast-check arbitrary of one invalid request (the caller still checks that a mutated body is really invalid). */
export function caseArbitrary(
  endpoints: { e: Endpoint; path: string; valid: unknown; query: Record<string, string> }[],
): fc.Arbitrary<FuzzCase | null> {
  const withBody = endpoints.filter((x) => x.e.body);
  const withParam = endpoints.filter((x) => /\{(?!token)\w+\}/.test(x.e.path));
  const withQuery = endpoints.filter((x) => x.e.query);
  const body = fc
    .record({
      t: fc.constantFrom(...withBody),
      pick: fc.nat(),
      op: fc.constantFrom('set', 'delete', 'extra+set', 'whole'),
      value: junk,
      extraKey: fc.string({ minLength: 1, maxLength: 12 }),
    })
    .map(({ t, pick, op, value, extraKey }): FuzzCase | null => {
      const paths = leafPaths(t.valid);
      const path = paths.length ? paths[pick % paths.length]! : [];
      let json: unknown;
      if (op === 'whole' || paths.length === 0) json = value;
      else if (op === 'delete') json = setAt(t.valid, path, undefined, true);
      else if (op === 'extra+set')
        json = {
          ...(setAt(t.valid, path, value) as object),
          [extraKey === '__proto__' ? 'x' : extraKey]: value,
        };
      else json = setAt(t.valid, path, value);
      if (json === undefined) return null;
      if (t.e.body!.safeParse(json).success) return null; // still valid: not an invalid request
      return { kind: 'body', endpoint: t.e, path: t.path, json, note: `${op} ${path.join('.')}` };
    });
  const malformed = fc
    .record({
      t: fc.constantFrom(...withBody),
      raw: fc.oneof(fc.constantFrom(...MALFORMED), fc.string({ maxLength: 20 })),
    })
    .map(({ t, raw }): FuzzCase | null => {
      if (raw.trim() === '') return null; // an empty body is no body (express.json leaves {}), not malformed JSON
      try {
        JSON.parse(raw);
        return null;
      } catch {
        return {
          kind: 'malformed-json',
          endpoint: t.e,
          path: t.path,
          raw,
          contentType: 'application/json',
          note: 'malformed JSON',
        };
      }
    });
  const ctype = fc
    .record({
      t: fc.constantFrom(...withBody),
      type: fc.constantFrom(
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
      ),
    })
    .map(({ t, type }): FuzzCase | null => {
      if (t.e.body!.safeParse({}).success || t.e.body!.safeParse(undefined).success) return null;
      return {
        kind: 'content-type',
        endpoint: t.e,
        path: t.path,
        raw: JSON.stringify(t.valid),
        contentType: type,
        note: `content-type ${type}`,
      };
    });
  const param = fc
    .record({
      t: fc.constantFrom(...withParam),
      bad: fc.oneof(fc.constantFrom(...ID_JUNK), fc.string({ minLength: 1, maxLength: 40 })),
    })
    .map(({ t, bad }): FuzzCase | null => {
      // Deliberate percent-junk ids go as they are; any other string is encoded, so a '#' or '?' in
      // it cannot cut the path short (the request would then reach another endpoint).
      const enc = ID_JUNK.includes(bad) && /%/.test(bad) ? bad : encodeURIComponent(bad);
      let done = false;
      const path = t.e.path.replace(/\{(?!token)\w+\}/g, (m) => (done ? m : ((done = true), enc)));
      return {
        kind: 'param',
        endpoint: t.e,
        path: fillLater(path),
        json: t.valid && t.e.body ? t.valid : undefined,
        note: `param ${bad.slice(0, 40)}`,
      };
    });
  const query = fc
    .record({
      t: fc.constantFrom(...withQuery),
      pick: fc.nat(),
      value: fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.constantFrom('-1', '0', '1e400', 'abc', '9'.repeat(400), 'ż', '%00', ''),
      ),
      dup: fc.boolean(),
    })
    .map(({ t, pick, value, dup }): FuzzCase | null => {
      const q = new URLSearchParams(t.query);
      const keys = [...q.keys()];
      const key = keys.length ? keys[pick % keys.length]! : 'page';
      if (dup) q.append(key, value);
      else q.set(key, value);
      const obj: Record<string, string | string[]> = {};
      for (const k of new Set(q.keys())) {
        const all = q.getAll(k);
        obj[k] = all.length > 1 ? all : all[0]!;
      }
      if (t.e.query!.safeParse(obj).success) return null;
      return {
        kind: 'query',
        endpoint: t.e,
        path: `${t.path}?${q.toString()}`,
        note: `query ${key}=${value.slice(0, 30)}${dup ? ' (dup)' : ''}`,
      };
    });
  return fc.oneof(
    { arbitrary: body, weight: 10 },
    { arbitrary: malformed, weight: 2 },
    { arbitrary: ctype, weight: 1 },
    { arbitrary: param, weight: 3 },
    ...(withQuery.length ? [{ arbitrary: query, weight: 2 }] : []),
  );
}

/** Marks a path whose other placeholders the test fills with real ids. */
function fillLater(path: string): string {
  return path;
}
