import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import pdfParse from 'pdf-parse/lib/pdf-parse.js';
import { classifyNutrient, classifyPh, recommend } from '@gleba/agronomy';
import { renderReport } from '../src/adapters/report-pdf';
import type { ResultRecord, SampleRecord } from '../src/domain/results-view';
import { expandElements } from '../src/domain/rows';

const sample: SampleRecord = {
  sample_id: '3b0c5a4e-34c8-4b1e-9d57-1f0f5c0c7a11',
  code: 'GLPDF000000001',
  order_id: '3b0c5a4e-34c8-4b1e-9d57-1f0f5c0c7a12',
  order_number: 'ZF/2026/000014',
  kind: 'FARM',
  basic_test_type: 'BASIC_TEST',
  additional_test_types: ['MICRO'],
  field_name: 'Pole za stodołą',
  plant_id: 'winter-wheat',
  crop_id: null,
  area_ha: 2.5,
  area_ares: null,
  cancelled_at: null,
};

const at = new Date('2026-11-20T10:00:00Z');
const basic: ResultRecord = {
  sample_id: sample.sample_id,
  test_type: 'BASIC_TEST',
  agronomic_category: 'LIGHT',
  elements: expandElements([
    ['PH_KCL', 4.6, null],
    ['P2O5', 6.5, null],
    ['K2O', 7.2, null],
    ['MG', 1.5, null],
    ['CATEGORY', null, 'lekka'],
  ]),
  classes: {
    PH_KCL: classifyPh(4.6),
    P2O5: classifyNutrient('P2O5', 6.5, 'LIGHT'),
    K2O: classifyNutrient('K2O', 7.2, 'LIGHT'),
    MG: classifyNutrient('MG', 1.5, 'LIGHT'),
  },
  recommendation: recommend({
    ph: 4.6,
    p2o5: 6.5,
    k2o: 7.2,
    mg: 1.5,
    category: 'LIGHT',
    cropId: 'winter-wheat',
    area: { value: 2.5, unit: 'ha' },
  }),
  recommendation_error: null,
  rulesets: null,
  version: 1,
  created_at: at,
  updated_at: at,
};
const micro: ResultRecord = {
  ...basic,
  test_type: 'MICRO',
  agronomic_category: null,
  elements: expandElements([
    ['B', 0.5, '<0,5'],
    ['CU', 3.4, null],
    ['FE', 150, null],
    ['MN', 80, null],
    ['ZN', 5.5, null],
  ]),
  classes: null,
  recommendation: null,
};

/** The drawing operators of every page (pdfkit compresses each content stream with zlib). */
function contentStreams(pdf: Buffer): string {
  const text = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of text.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    try {
      out.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      // a font or an image, not a page
    }
  }
  return out.join('\n');
}

describe('lab-import: the PDF results report', () => {
  it('carries what the results page shows, in Polish, with the logo and an embedded font', async () => {
    const pdf = await renderReport(sample, [basic, micro], 'pl');
    const text = (await pdfParse(pdf)).text;
    // The sample, in Polish letters.
    expect(text).toContain('Pole za stodołą');
    expect(text).toContain('Pszenica ozima');
    // Values with a decimal comma, and their classes.
    expect(text).toContain('4,6');
    expect(text).toContain('6,5 mg/100 g');
    expect(text).toMatch(/bardzo kwaśn/);
    // The lab's descriptive value beside its number, in the same cell; no "Opis" column.
    expect(text).toContain('0,5 mg/kg (<0,5)');
    expect(text).not.toMatch(/\bOpis\b/);
    // The agronomic category once (the legend lists the categories apart).
    expect(text.match(/Kategoria agronomiczna/g)).toHaveLength(2);
    expect(text.match(/lekka/g)!.length).toBeGreaterThanOrEqual(2);
    // Lime and fertilizer doses, with totals for the area.
    expect(text).toContain('Wapnowanie');
    expect(text).toContain('Nawożenie');
    expect(text).toMatch(/Wapno węglanowe|węglan/i);
    expect(text).toMatch(/\d kg\/ha/);
    expect(text).toContain('Sól potasowa (60% K₂O)');
    // The legends.
    expect(text).toContain('Odczyn (pH)');
    expect(text).toContain('bardzo wysoka');
    expect(text).toContain('organiczna');
    // The logo: the mark's soil colour (#6d4c2f) is drawn, and the font is embedded, not Helvetica.
    expect(contentStreams(pdf)).toMatch(/0\.427\d* 0\.298\d* 0\.184\d* scn\s+f/);
    expect(pdf.toString('latin1')).toMatch(/\/FontName \/[A-Z]{6}\+DejaVuSans/);
    expect(pdf.toString('latin1')).not.toMatch(/\/BaseFont \/Helvetica/);
  });

  it('is written in the reader’s language', async () => {
    const uk = (await pdfParse(await renderReport(sample, [basic], 'uk'))).text;
    expect(uk).toContain('Вапнування');
    expect(uk).toContain('4,6');
    const en = (await pdfParse(await renderReport(sample, [basic], 'en'))).text;
    expect(en).toContain('Liming');
    expect(en).toContain('4.6');
    expect(en).not.toContain('Wapnowanie');
  });

  it('says how many punctures were recorded on the sampling screen, in each language', async () => {
    const text = async (lang: 'pl' | 'en' | 'uk', p: { taken: number; planned: number } | null) =>
      (await pdfParse(await renderReport(sample, [basic], lang, p))).text;
    expect(await text('pl', { taken: 9, planned: 10 })).toContain(
      '9 zapisanych w aplikacji (zaplanowano 10)',
    );
    expect(await text('en', { taken: 9, planned: 10 })).toContain('9 recorded in the app (10 planned)');
    expect(await text('uk', { taken: 9, planned: 10 })).toContain('9 записано в застосунку (заплановано 10)');
    expect(await text('en', null)).toContain('not recorded in the app');
    const garden = await pdfParse(
      await renderReport({ ...sample, kind: 'GARDEN', area_ares: 2 }, [basic], 'en'),
    );
    expect(garden.text).not.toContain('Punctures');
  });
});
