import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EXPORT_PART_MAX_CHARS } from '@gleba/contracts';
import { decodeExportFiles, encodeExportFiles } from './privacy';

describe('export parts in events (decision 0056)', () => {
  it('round-trips the files, gzipped and base64-encoded', () => {
    const files = [
      { name: 'geo.json', content: { farm: { address: 'Łąkowa 3' }, plots: 2 } },
      { name: 'geo-plots.geojson', content: { type: 'FeatureCollection', features: [] } },
    ];
    const encoded = encodeExportFiles(files);
    expect(encoded).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(decodeExportFiles(encoded)).toEqual(files);
  });

  it('refuses a part over the limit and a file name that is not a JSON or GeoJSON file', () => {
    // Random text does not compress: 16.7 M characters gzip to about 12.7 MB, 16.9 M in base64.
    const random = randomBytes(12_500_000).toString('base64');
    expect(() => encodeExportFiles([{ name: 'big.json', content: random }])).toThrow(
      String(EXPORT_PART_MAX_CHARS),
    );
    const bad = encodeExportFiles([{ name: 'ok.json', content: 1 }]).replace(/.*/, () =>
      Buffer.from(JSON.stringify([{ name: '../etc/passwd', content: 1 }])).toString('base64'),
    );
    expect(() => decodeExportFiles(bad)).toThrow();
  });
});
