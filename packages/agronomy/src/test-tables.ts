/**
 * Test helper: reads the tables as printed in /work/shared/reference/agronomy.md, pasted verbatim
 * into the tests, so the tests check the data against the source and not against itself.
 */
export interface Range {
  readonly min?: number;
  readonly max?: number;
}

export function parseRange(cell: string): Range {
  const c = cell.trim();
  let m = /^<=\s*([\d.]+)$/.exec(c);
  if (m) return { max: Number(m[1]) };
  m = /^(?:>=)\s*([\d.]+)$/.exec(c);
  if (m) return { min: Number(m[1]) };
  m = /^>\s*([\d.]+)$/.exec(c);
  if (m) return { min: Number(m[1]) + 0.1 };
  m = /^([\d.]+)\s*-\s*([\d.]+)$/.exec(c);
  if (m) return { min: Number(m[1]), max: Number(m[2]) };
  throw new Error(`Unparsed range: ${cell}`);
}

/** Rows of a markdown table without the header and the separator line. */
export function markdownRows(table: string): string[][] {
  return table
    .trim()
    .split('\n')
    .slice(2)
    .map((line) =>
      line
        .trim()
        .replace(/^\|/, '')
        .replace(/\|$/, '')
        .split('|')
        .map((cell) => cell.trim()),
    );
}

/** 0.1 steps without binary noise. */
export function tenth(value: number): number {
  return Math.round(value * 10) / 10;
}
