// The result import as a Polish lab operator reads it (admin panel, pl, 1280 px): a workbook with a
// cover sheet in front and bad cells (a date, a formula with no stored value, text and negative
// numbers, an unknown label) is checked and each bad cell is named in Polish with its row, label
// and column; an empty workbook fails as "empty"; the history says the same, in Polish, with no raw
// codes or English. Screenshots: test-artifacts/admin-import/.
import { rmSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ARTIFACTS, hasChromium, launchBrowser, newContext, screenshots, watchPage } from '../src/browser';
import { system } from '../src/system';

const T = 30_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADERS = [
  'Etykieta',
  'Rodzaj badania',
  'pH w KCl',
  'Fosfor P2O5 [mg/100 g]',
  'Potas K2O [mg/100 g]',
  'Magnez Mg [mg/100 g]',
  'Kategoria agronomiczna',
];

/** A lab's workbook: a cover sheet, then the results with a bad cell or several in each row. */
async function badWorkbook(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.addWorksheet('Okładka').addRow(['Laboratorium — wyniki z listopada']);
  const ws = wb.addWorksheet('Wyniki');
  ws.addRow(HEADERS);
  ws.addRow(['GLNIEZNANY0001', 'BASIC_TEST', 5.5, 10, 12, 4, 'lekka']);
  ws.addRow([
    'GLNIEZNANY0002',
    'BASIC_TEST',
    5.5,
    { formula: 'C3*2' },
    new Date(Date.UTC(2026, 2, 15)),
    4,
    'lekka',
  ]);
  ws.getCell('E3').numFmt = 'yyyy-mm-dd';
  ws.addRow(['GLNIEZNANY0003', 'BASIC_TEST', 5.5, -1, 'dużo', -3, 'gliniasta']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Words an English message would have and a Polish screen must not. */
const ENGLISH = /\b(missing|is not a number|out of range|no row|expects the label|the file|empty)\b/i;
const RAW_CODE = /\bimport[A-Z]\w+|labResults\.|\{\w+\}/;

describe.runIf(hasChromium())('admin result import in Polish (Chromium, 1280 px)', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  rmSync(path.join(ARTIFACTS, 'admin-import'), { recursive: true, force: true });
  const shot = screenshots('admin-import');
  const button = (name: string | RegExp) =>
    page.getByRole('button', { name, exact: typeof name === 'string' });

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await newContext(browser, { locale: 'pl-PL', viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', 'pl');
    });
    page = await context.newPage();
    problems = watchPage(page);
    await page.goto(`${system().gateway}/admin/`);
    await page.getByLabel('E-mail').fill('admin@gleba.local');
    await page.getByLabel('Hasło', { exact: true }).fill('Admin123!');
    await button('Zaloguj się').click();
    await page.waitForURL(/\/admin\/orders/, { timeout: T });
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state === 'fail' && page) await shot(page, `failed-${ctx.task.name}`);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  async function upload(name: string, buffer: Buffer) {
    await page.getByRole('link', { name: 'Import wyników', exact: true }).click();
    await page.getByRole('heading', { name: 'Kreator importu' }).waitFor({ timeout: T });
    if (await button('Nowy import').isVisible()) await button('Nowy import').click();
    await page.getByLabel('wybierz plik').setInputFiles({ name, mimeType: XLSX, buffer });
    await button('Wyślij').click();
  }

  it('names every bad cell in Polish, with its row, label and column', async () => {
    await upload('wyniki-listopad.xlsx', await badWorkbook());
    await page.locator('.summary .status--FAILED').waitFor({ timeout: 90_000 });
    const errors = page.locator('.wizard table');
    await errors.getByRole('cell', { name: 'GLNIEZNANY0001', exact: true }).waitFor({ timeout: T });
    await shot(page, 'checked-with-row-errors');
    const text = await page.locator('.wizard').innerText();
    for (const expected of [
      'Etykieta GLNIEZNANY0001 nie należy do żadnej oczekiwanej próbki (nieznana albo zamówienie anulowano).',
      'Kolumna D (Fosfor P2O5 [mg/100 g]): formuła =C3*2 nie ma zapisanej wartości.',
      'Kolumna E (Potas K2O [mg/100 g]): w komórce jest data (2026-03-15), a powinna być liczba.',
      'Kolumna D (Fosfor P2O5 [mg/100 g]): -1 jest poza dopuszczalnym zakresem (0–1000).',
      'Kolumna E (Potas K2O [mg/100 g]): „dużo” nie jest liczbą.',
      'Kolumna F (Magnez Mg [mg/100 g]): -3 jest poza dopuszczalnym zakresem (0–1000).',
      'Kolumna G (Kategoria agronomiczna): nieznana kategoria agronomiczna „gliniasta”',
      'Żadnego wiersza nie można zastosować: każdy ma błędy (wierszy z błędami: 3).',
    ])
      expect(text).toContain(expected);
    expect(text).not.toMatch(ENGLISH);
    expect(text).not.toMatch(RAW_CODE);
  });

  it('an empty workbook says it is empty; the history reads in Polish', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('Arkusz1');
    await upload('pusty.xlsx', Buffer.from(await wb.xlsx.writeBuffer()));
    await page
      .getByText('Plik jest pusty: żaden arkusz nie zawiera danych.')
      .first()
      .waitFor({ timeout: 90_000 });
    await shot(page, 'empty-workbook');
    await page.reload();
    await page.getByRole('heading', { name: 'Historia importów' }).waitFor({ timeout: T });
    await page.getByText('pusty.xlsx').first().waitFor({ timeout: T });
    await shot(page, 'history');
    const history = await page.locator('main').innerText();
    expect(history).toContain('Plik jest pusty: żaden arkusz nie zawiera danych.');
    expect(history).not.toMatch(ENGLISH);
    expect(history).not.toMatch(RAW_CODE);
    expect(
      problems.filter((p) => p.startsWith('pageerror') || /^5\d\d /.test(p)),
      problems.join('\n'),
    ).toEqual([]);
  });
});
