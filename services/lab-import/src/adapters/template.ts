import ExcelJS from 'exceljs';
import { AgronomicCategory, ImportTestType } from '@gleba/contracts';
import { namespaces } from '@gleba/i18n';
import { EXAMPLE_LABEL, PARAMS, TEST_PARAMS, templateHeaders } from '../domain/file-format';

/**
 * The .xlsx template the lab fills: the results sheet first (the one read: the first with a header),
 * empty under its header; then a filled example on a sheet of its own (its label is skipped even
 * when the row is copied into the results), then a legend.
 */
export async function templateWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Gleba';
  const sheet = wb.addWorksheet('Wyniki');
  const headers = templateHeaders();
  sheet.addRow(headers).font = { bold: true };
  sheet.columns.forEach((c) => (c.width = 18));
  const exampleSheet = wb.addWorksheet('Przykład');
  exampleSheet.addRow(headers).font = { bold: true };
  exampleSheet.columns.forEach((c) => (c.width = 18));
  const example: (string | number | null)[] = headers.map(() => null);
  example[0] = EXAMPLE_LABEL;
  example[1] = 'BASIC_TEST';
  const put = (key: string, value: string | number) => {
    const p = PARAMS.findIndex((x) => x.key === key);
    example[2 + p * 2] = value;
  };
  put('PH_KCL', 5.6);
  put('P2O5', 14.2);
  put('K2O', 12.1);
  put('MG', 4.3);
  put('CATEGORY', 'średnia');
  exampleSheet.addRow(example);

  const legend = wb.addWorksheet('Legenda');
  legend.addRow([
    'Klucz / key',
    'Nazwa (pl)',
    'Name (en)',
    'Symbol',
    'Jednostka / unit',
    'Wymagany w / required in',
  ]).font = { bold: true };
  for (const p of PARAMS) {
    const requiredIn = ImportTestType.options.filter((tt) => TEST_PARAMS[tt].includes(p.key)).join(', ');
    legend.addRow([
      p.key,
      namespaces.labResults.pl[p.nameKey],
      namespaces.labResults.en[p.nameKey],
      p.symbol,
      p.unit,
      requiredIn,
    ]);
  }
  legend.addRow([]);
  legend.addRow(['Rodzaje badań / test types', ImportTestType.options.join(', ')]);
  legend.addRow([
    'Kategorie / categories',
    AgronomicCategory.options.join(', ') + ' (lub: bardzo lekka, lekka, średnia, ciężka, organiczna)',
  ]);
  legend.columns.forEach((c) => (c.width = 24));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
