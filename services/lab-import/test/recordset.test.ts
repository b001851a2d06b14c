import { describe, expect, it } from 'vitest';
import { recordsetBuffer, recordsetJson } from '../src/db/recordset';

describe('recordsetBuffer', () => {
  it('writes the bytes of the text recordsetJson writes, raw columns from bytes or text', () => {
    const elements = '[["CATEGORY",null,"średnia"],["P2O5",12.5,"wysoka ż"]]';
    const rows = [
      { id: 'a', n: 1, text: 'zażółć "gęślą" \\ jaźń', raw: elements, none: null },
      { id: 'b', n: 2.5, text: null, raw: null, none: undefined },
      { id: 'ё', n: -3, text: 'x\ny', raw: '{"k":[1,2]}', none: null },
    ];
    const expected = recordsetJson(rows, ['id', 'n', 'text', 'raw', 'none'], ['raw']);
    const asBytes = rows.map((r) => ({
      ...r,
      raw: r.raw === null ? null : new Uint8Array(Buffer.from(r.raw)),
    }));
    const buffer = recordsetBuffer(asBytes, ['id', 'n', 'text', 'raw', 'none'], ['raw']);
    expect(buffer.toString('utf8')).toBe(expected);
    expect(recordsetBuffer(rows, ['id', 'n', 'text', 'raw', 'none'], ['raw']).toString('utf8')).toBe(
      expected,
    );
    expect(JSON.parse(expected)[0].raw).toEqual(JSON.parse(elements));
    expect(recordsetBuffer([], ['id']).toString()).toBe('[]');
  });
});
