/**
 * Rows as the text of one JSON array, for `json_to_recordset($1::json)`: a batch of hundreds of
 * rows goes to Postgres as one parameter instead of one per value (kysely's multi-row VALUES had
 * 3,500-5,000 of them per batch, each a node to build and compile and a value for Postgres to
 * plan). Columns named in `raw` hold JSON text already (elements, classes) and are copied in as it
 * is; every other value is JSON-encoded. Column names are plain identifiers.
 */
export function recordsetJson<T extends object>(
  rows: readonly T[],
  columns: readonly (keyof T & string)[],
  raw: readonly (keyof T & string)[] = [],
): string {
  const keys = columns.map((c, i) => `${i > 0 ? ',' : '{'}"${c}":`);
  const isRaw = columns.map((c) => raw.includes(c));
  const parts = new Array<string>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as Record<string, unknown>;
    let out = '';
    for (let i = 0; i < columns.length; i++) {
      const v = row[columns[i]!];
      out +=
        keys[i]! + (v === null || v === undefined ? 'null' : isRaw[i] ? (v as string) : JSON.stringify(v));
    }
    parts[r] = `${out}}`;
  }
  return `[${parts.join(',')}]`;
}

/**
 * `recordsetJson`'s text as UTF-8 bytes, written straight into one Buffer: a raw column may hold
 * its JSON as UTF-8 bytes already (a view of the batch's parsed elements; a Uint8Array after a
 * thread's message), copied as they are. Sent as a
 * Buffer, the parameter reaches Postgres in binary format, which for `json` is the same text; the
 * batch's hundreds of kilobytes never become one JS string to flatten and encode.
 */
export function recordsetBuffer<T extends object>(
  rows: readonly T[],
  columns: readonly (keyof T & string)[],
  raw: readonly (keyof T & string)[] = [],
): Buffer {
  const keys = columns.map((c, i) => Buffer.from(`${i > 0 ? ',' : '{'}"${c}":`));
  const isRaw = columns.map((c) => raw.includes(c));
  // The values as bytes or text, in order; their total size first, then one copy each.
  const parts: (Uint8Array | string)[] = [];
  let size = 2; // [ ]
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as Record<string, unknown>;
    for (let i = 0; i < columns.length; i++) {
      const v = row[columns[i]!];
      const part =
        v === null || v === undefined ? 'null' : isRaw[i] ? (v as Uint8Array | string) : JSON.stringify(v);
      parts.push(part);
      size += keys[i]!.length + (typeof part === 'string' ? Buffer.byteLength(part) : part.length);
    }
    size += 1 + (r > 0 ? 1 : 0); // } and the comma before every row but the first
  }
  const out = Buffer.allocUnsafe(size);
  let at = out.write('[', 0, 'latin1');
  let p = 0;
  for (let r = 0; r < rows.length; r++) {
    if (r > 0) at += out.write(',', at, 'latin1');
    for (let i = 0; i < columns.length; i++) {
      at += keys[i]!.copy(out, at);
      const part = parts[p++]!;
      if (typeof part === 'string') at += out.write(part, at);
      else {
        out.set(part, at);
        at += part.length;
      }
    }
    at += out.write('}', at, 'latin1');
  }
  at += out.write(']', at, 'latin1');
  return at === size ? out : out.subarray(0, at);
}
