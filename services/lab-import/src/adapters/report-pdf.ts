import type PDFKitDocument from 'pdfkit';
import type { Language } from '@gleba/contracts';
import { t } from '@gleba/i18n';
import { usePdfFonts } from '@gleba/platform';
import { resultView, sampleResultsView, type ResultRecord, type SampleRecord } from '../domain/results-view';

const LOCALE: Record<Language, string> = { pl: 'pl-PL', en: 'en-GB', uk: 'uk-UA' };
const MAIN_KEYS = ['PH_KCL', 'P2O5', 'K2O', 'MG'];
const PH_CLASSES = ['VERY_ACIDIC', 'ACIDIC', 'SLIGHTLY_ACIDIC', 'NEUTRAL', 'ALKALINE'];
const NUTRIENT_CLASSES = ['VERY_LOW', 'LOW', 'MEDIUM', 'HIGH', 'VERY_HIGH'];
const CATEGORIES = ['VERY_LIGHT', 'LIGHT', 'MEDIUM', 'HEAVY', 'ORGANIC'];
const GREEN = '#2f6b2f';
const GREY = '#666666';

/** The Gleba mark (the apps' logo, drawn as vectors): a sprout over a soil line, `size` points wide. */
function drawLogo(doc: PDFKit.PDFDocument, x: number, y: number, size: number): void {
  doc
    .save()
    .translate(x, y)
    .scale(size / 64);
  doc.roundedRect(4, 44, 56, 14, 4).fill('#6d4c2f');
  doc.moveTo(32, 44).lineTo(32, 26).lineWidth(4).lineCap('round').stroke(GREEN);
  doc.path('M32 30c-12 0-18-8-18-18 10 0 18 6 18 18z').fill('#7cb342');
  doc.path('M32 26c0-10 6-16 18-16 0 10-6 16-18 16z').fill(GREEN);
  doc.restore();
}

interface Column {
  header: string;
  width: number;
}

/**
 * A table of text cells; a row that would cross the page's foot starts a new page (with the
 * header again). `strong` rows are set in bold (the current class in a legend).
 */
function table(
  doc: PDFKit.PDFDocument,
  columns: readonly Column[],
  rows: readonly (readonly string[])[],
  strong: (row: number) => boolean = () => false,
): void {
  const x0 = doc.page.margins.left;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const line = (y: number) =>
    doc
      .moveTo(x0, y)
      .lineTo(x0 + columns.reduce((s, c) => s + c.width, 0), y)
      .lineWidth(0.5)
      .stroke('#cccccc');
  const drawRow = (cells: readonly string[], font: 'regular' | 'bold', header = false) => {
    doc.font(font).fontSize(9.5).fillColor('black');
    const heights = cells.map((c, i) => doc.heightOfString(c, { width: columns[i]!.width - 8 }));
    const h = Math.max(...heights) + 6;
    if (doc.y + h > bottom()) {
      doc.addPage();
      if (!header) drawHeader();
    }
    const y = doc.y;
    let x = x0;
    cells.forEach((c, i) => {
      doc.text(c, x + 4, y + 3, { width: columns[i]!.width - 8 });
      x += columns[i]!.width;
    });
    doc.x = x0;
    doc.y = y + h;
    line(doc.y);
  };
  const drawHeader = () =>
    drawRow(
      columns.map((c) => c.header),
      'bold',
      true,
    );
  drawHeader();
  rows.forEach((r, i) => drawRow(r, strong(i) ? 'bold' : 'regular'));
  doc.font('regular').moveDown(0.5);
}

/**
 * A test's results as a PDF in the reader's language: what the results page shows — each test's
 * values and classes, the agronomic category once, the lime and fertilizer doses with totals for
 * the area, the notes, and the legends of the classes (the sample's own in bold).
 */
export async function renderReport(
  sample: SampleRecord,
  results: readonly ResultRecord[],
  lang: Language,
  /** Punctures recorded on the sampling screen (decision 0058); null: none were (or a garden test). */
  punctures: { taken: number; planned: number } | null = null,
): Promise<Buffer> {
  const view = sampleResultsView(sample, results, lang);
  const fmt = (n: number, digits = 2) =>
    new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: digits }).format(n);
  const L = (key: string, params?: Record<string, string | number>) => t(lang, `labResults.${key}`, params);
  const C = (key: string, params?: Record<string, string | number>) =>
    t(lang, `customerTests.${key}`, params);
  // Loaded on the first report, not at start: pdfkit and its font tables are a large share of an
  // idle process's memory, which an import's peak sits on.
  const { default: PDFDocument } = (await import('pdfkit')) as { default: typeof PDFKitDocument };
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${L('reportTitle')} ${sample.code}`, Author: 'Gleba' },
  });
  usePdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const x = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const heading = (text: string, size = 13) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 80) doc.addPage();
    doc.moveDown(0.6).font('bold').fontSize(size).fillColor(GREEN).text(text, x).fillColor('black');
    doc.moveDown(0.3).font('regular').fontSize(10);
  };
  const garden = sample.kind === 'GARDEN';
  const perArea = (a: { kgPerHa?: number; tonnesPerHa?: number; kgPer100m2?: number; gPerM2?: number }) =>
    a.kgPer100m2 !== undefined
      ? C('perArea', { kg100: fmt(a.kgPer100m2, 1), gm2: fmt(a.gPerM2 ?? a.kgPer100m2 * 10, 0) })
      : C('perHa', { kgha: fmt(a.kgPerHa ?? (a.tonnesPerHa ?? 0) * 1000, 0) });
  const total = (a: { totalKg?: number; totalTonnes?: number }) =>
    C('totalKg', { kg: fmt(a.totalKg ?? (a.totalTonnes ?? 0) * 1000, 1) });

  drawLogo(doc, x, 40, 40);
  doc
    .font('bold')
    .fontSize(20)
    .fillColor(GREEN)
    .text('Gleba', x + 50, 48);
  doc.font('bold').fontSize(16).fillColor('black').text(L('reportTitle'), x, 100);
  doc.moveDown(0.5).font('regular').fontSize(10);
  const area =
    view.area.value === null
      ? '—'
      : `${fmt(view.area.value)} ${view.area.unit === 'a' ? L('unitAres') : L('unitHa')}`;
  table(
    doc,
    [
      { header: C('sampleInfo'), width: 160 },
      { header: '', width: width - 160 },
    ],
    [
      [L('reportSample'), view.code],
      [L('reportOrder'), view.orderNumber],
      [garden ? C('gardenName') : L('reportField'), view.fieldName],
      [L('reportCrop'), view.plantName ?? view.plantId ?? '—'],
      [L('reportArea'), area],
      ...(garden
        ? []
        : [
            [
              L('reportPunctures'),
              punctures
                ? L('reportPuncturesValue', { taken: punctures.taken, planned: punctures.planned })
                : L('reportPuncturesNone'),
            ],
          ]),
      [L('reportStatus'), view.statusLabel],
    ],
  );

  const basic = results.find((r) => r.test_type === 'BASIC_TEST');
  for (const r of results) {
    const rv = resultView(r, lang);
    heading(rv.testTypeLabel);
    doc
      .fontSize(9)
      .fillColor(GREY)
      .text(`${L('reportImportedAt')}: ${new Date(rv.updatedAt).toLocaleDateString(LOCALE[lang])}`, x)
      .fillColor('black')
      .moveDown(0.3);
    const elements = [
      ...rv.elements.filter((e) => MAIN_KEYS.includes(e.key)),
      ...rv.elements.filter((e) => !MAIN_KEYS.includes(e.key) && e.key !== 'CATEGORY'),
    ];
    const rows = elements.map((e) => {
      const unit = e.unit !== '-' ? ` ${e.unit}` : '';
      const value = e.value === null ? (e.valueDescripted ?? '—') : `${fmt(e.value)}${unit}`;
      // A descriptive value the lab gave beside the number ("<0,5"), in the same cell.
      const described =
        e.value !== null && e.valueDescripted && e.valueDescripted !== String(e.value)
          ? `${value} (${e.valueDescripted})`
          : value;
      return [`${e.name} (${e.symbol})`, described, e.classLabel ?? '—'];
    });
    // The agronomic category, once.
    if (rv.agronomicCategory) rows.push([C('category'), '—', rv.agronomicCategory.label]);
    table(
      doc,
      [
        { header: C('colElement'), width: 210 },
        { header: C('colValue'), width: 140 },
        { header: C('colClass'), width: width - 350 },
      ],
      rows,
    );
  }

  const rec = basic ? resultView(basic, lang).recommendation : null;
  if (basic) {
    heading(L('reportRecommendations'), 14);
    if (!rec) doc.text(L('reportNoRecommendation'), x);
  }
  if (rec) {
    heading(C('liming'));
    doc.text(C('limingNeed', { need: rec.labels.limingNeed }), x).moveDown(0.3);
    const limeDose = rec.liming.products.some((p) => p.now.tonnesPerHa > 0 || p.later.tonnesPerHa > 0);
    if (!rec.liming.noTable && limeDose)
      table(
        doc,
        [
          { header: C('product'), width: 170 },
          { header: C('limeNow'), width: 120 },
          { header: C('total'), width: 100 },
          { header: C('limeLater'), width: width - 390 },
        ],
        rec.liming.products.map((p) => [
          rec.labels.limeProducts[p.product] ?? p.product,
          perArea(p.now),
          total(p.now),
          perArea(p.later),
        ]),
      );
    heading(C('fertilizers'));
    const doses = [rec.fertilizer.p2o5, rec.fertilizer.k2o, rec.fertilizer.mgo].filter((d) => d !== null);
    const rows = doses.flatMap((d) =>
      d.products.map((p) => [
        rec.labels.fertilizerProducts[p.product] ?? p.product,
        perArea(p.amount),
        total(p.amount),
      ]),
    );
    if (rows.length > 0)
      table(
        doc,
        [
          { header: C('product'), width: 230 },
          { header: C('dose'), width: 150 },
          { header: C('total'), width: width - 380 },
        ],
        rows,
      );
    if (rec.notesText.length > 0) {
      heading(C('notes'));
      for (const line of rec.notesText) doc.text(`• ${line}`, x, doc.y, { width, paragraphGap: 3 });
    }
  }

  if (basic) {
    const bv = resultView(basic, lang);
    const ph = bv.elements.find((e) => e.key === 'PH_KCL')?.class;
    const nutrients = new Set(bv.elements.filter((e) => e.key !== 'PH_KCL' && e.class).map((e) => e.class));
    // The legends side by side under one heading, each table headed by its title.
    if (doc.y > doc.page.height - doc.page.margins.bottom - 180) doc.addPage();
    heading(L('reportLegends'));
    const top = doc.y;
    const col = (width - 20) / 3;
    const legend = (i: number, title: string, rows: string[], current: (row: number) => boolean) => {
      doc.y = top;
      doc.page.margins.left = x + i * (col + 10);
      table(
        doc,
        [{ header: title, width: col }],
        rows.map((r) => [r]),
        current,
      );
      const end = doc.y;
      doc.page.margins.left = x;
      return end;
    };
    const ends = [
      legend(
        0,
        C('legendPh'),
        PH_CLASSES.map((c) => C(`ph_${c}`)),
        (i) => PH_CLASSES[i] === ph,
      ),
      legend(
        1,
        C('legendContent'),
        NUTRIENT_CLASSES.map((c) => C(`nc_${c}`)),
        (i) => nutrients.has(NUTRIENT_CLASSES[i]!),
      ),
      legend(
        2,
        C('legendCategory'),
        CATEGORIES.map((c) => C(`cat_${c}`)),
        (i) => CATEGORIES[i] === bv.agronomicCategory?.value,
      ),
    ];
    doc.x = x;
    doc.y = Math.max(...ends);
  }
  doc.end();
  return done;
}
