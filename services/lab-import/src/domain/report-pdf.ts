import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { Language } from '@gleba/contracts';
import { t } from '@gleba/i18n';
import { resultView, sampleResultsView, type ResultRecord, type SampleRecord } from './results-view';

const require = createRequire(import.meta.url);
/** DejaVu Sans has every Polish and Ukrainian letter and the subscripts of P₂O₅ (embedded, never fetched). */
const FONT_REGULAR = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const LOCALE: Record<Language, string> = { pl: 'pl-PL', en: 'en-GB', uk: 'uk-UA' };

/** A test's results and recommendations as a PDF, in the reader's language. */
export function renderReport(
  sample: SampleRecord,
  results: readonly ResultRecord[],
  lang: Language,
): Promise<Buffer> {
  const view = sampleResultsView(sample, results, lang);
  const num = new Intl.NumberFormat(LOCALE[lang], { maximumFractionDigits: 2 });
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${t(lang, 'labResults.reportTitle')} ${sample.code}`, Author: 'Gleba' },
  });
  doc.registerFont('regular', FONT_REGULAR);
  doc.registerFont('bold', FONT_BOLD);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const L = (key: string) => t(lang, `labResults.${key}`);

  doc.font('bold').fontSize(18).text(L('reportTitle'));
  doc.moveDown(0.5);
  doc.font('regular').fontSize(10);
  const area =
    view.area.value === null
      ? '-'
      : `${num.format(view.area.value)} ${view.area.unit === 'a' ? L('unitAres') : L('unitHa')}`;
  for (const [label, value] of [
    [L('reportSample'), view.code],
    [L('reportOrder'), view.orderNumber],
    [L('reportField'), view.fieldName],
    [L('reportCrop'), view.plantName ?? view.plantId ?? '-'],
    [L('reportArea'), area],
    [L('reportStatus'), view.statusLabel],
  ] as const) {
    doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(String(value));
  }

  for (const r of results) {
    const rv = resultView(r, lang);
    doc.moveDown();
    doc.font('bold').fontSize(13).text(`${rv.testTypeLabel}`);
    doc
      .font('regular')
      .fontSize(9)
      .text(`${L('reportImportedAt')}: ${new Date(rv.updatedAt).toLocaleDateString(LOCALE[lang])}`);
    doc.moveDown(0.3).fontSize(10);
    const x = doc.page.margins.left;
    const cols = [x, x + 170, x + 270, x + 380];
    const header = [L('reportParameter'), L('reportValue'), L('reportClass'), L('reportDescription')];
    let y = doc.y;
    doc.font('bold');
    header.forEach((h, i) => doc.text(h, cols[i]!, y, { width: (cols[i + 1] ?? x + 495) - cols[i]! - 6 }));
    doc.font('regular');
    for (const e of rv.elements) {
      y = doc.y + 2;
      if (y > doc.page.height - 100) {
        doc.addPage();
        y = doc.y;
      }
      const value =
        e.value === null
          ? (e.valueDescripted ?? '-')
          : `${num.format(e.value)}${e.unit !== '-' ? ` ${e.unit}` : ''}`;
      const cells = [
        `${e.name} (${e.symbol})`,
        value,
        e.classLabel ?? '',
        e.key === 'CATEGORY' ? '' : (e.valueDescripted ?? ''),
      ];
      let bottom = y;
      cells.forEach((c, i) => {
        doc.text(c, cols[i]!, y, { width: (cols[i + 1] ?? x + 495) - cols[i]! - 6 });
        bottom = Math.max(bottom, doc.y);
      });
      doc.y = bottom;
    }
    doc.x = x;
    if (rv.agronomicCategory) {
      doc
        .moveDown(0.3)
        .font('bold')
        .text(`${L('reportCategory')}: `, x, doc.y, { continued: true })
        .font('regular')
        .text(rv.agronomicCategory.label);
    }
    if (r.test_type === 'BASIC_TEST') {
      doc.moveDown().font('bold').fontSize(12).text(L('reportRecommendations'), x);
      doc.font('regular').fontSize(10);
      if (rv.recommendation) {
        doc.text(`${L('reportLimingNeed')}: ${rv.recommendation.labels.limingNeed}`);
        for (const line of rv.recommendation.notesText) doc.text(`• ${line}`, { paragraphGap: 2 });
      } else {
        doc.text(L('reportNoRecommendation'));
      }
    }
  }
  doc.end();
  return done;
}
