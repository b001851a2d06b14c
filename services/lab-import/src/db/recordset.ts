/**
 * Rows as the text of one JSON array, for `json_to_recordset($1::json)`: a batch of hundreds of
 * rows goes to Postgres as one parameter instead of one per value (kysely's multi-row VALUES had
 * 3,500-5,000 of them per batch, each a node to build and compile and a value for Postgres to
 * plan). Columns named in `raw` hold JSON text already (elements, classes) and are copied in as it
 * is; every other value is JSON-encoded. Column names are plain identifiers.
 */
export function recordsetJson<T extends object>(rows: readonly T[], columns: readonly (keyof T & string)[], raw: readonly (keyof T & string)[] = []): string {
  const keys = columns.map((c, i) => `${i > 0 ? ',' : '{'}"${c}":`);
  const isRaw = columns.map((c) => raw.includes(c));
  const parts = new Array<string>(rows.length);
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r] as Record<string, unknown>;
    let out = '';
    for (let i = 0; i < columns.length; i++) {
      const v = row[columns[i]!];
      out += keys[i]! + (v === null || v === undefined ? 'null' : isRaw[i] ? (v as string) : JSON.stringify(v));
    }
    parts[r] = `${out}}`;
  }
  return `[${parts.join(',')}]`;
}
