import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, emptyPage, mockApi, renderApp } from '../../../testing/render-app';
import { IMPORT_MAX_BYTES, validateImportFile } from '../api/imports';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function fileOf(name: string, size: number, type = XLSX): File {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

const IMPORT = {
  id: '5d7a1c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  mode: 'farm',
  testType: 'BASIC_TEST',
  fileName: 'wyniki.xlsx',
  fileSize: 2048,
  status: 'CHECKED',
  errorCode: null,
  errorParams: null,
  errorMessage: null,
  progress: { phase: 'check', rowsRead: 3, total: 3, percent: 100 },
  summary: { rowsRead: 3, valid: 2, applied: 0, rejected: 1, ordersTouched: 1 },
  createdAt: '2026-11-22T01:00:00.000Z',
  checkedAt: '2026-11-22T01:00:02.000Z',
  appliedAt: null,
  createdByUserId: '0b7c0e6e-7a8e-4a55-9d1a-3f1d2f7f0a99',
};

describe('import file check', () => {
  it('accepts an .xlsx up to 5 MB and refuses anything else', () => {
    expect(validateImportFile(fileOf('wyniki.xlsx', 1000))).toBeNull();
    expect(validateImportFile(fileOf('WYNIKI.XLSX', IMPORT_MAX_BYTES))).toBeNull();
    expect(validateImportFile(fileOf('wyniki.xls', 1000, 'application/vnd.ms-excel'))).toBe('fileNotXlsx');
    expect(validateImportFile(fileOf('wyniki.csv', 1000, 'text/csv'))).toBe('fileNotXlsx');
    expect(validateImportFile(fileOf('wyniki.xlsx', 1000, 'application/pdf'))).toBe('fileNotXlsx');
    expect(validateImportFile(fileOf('wyniki.xlsx', IMPORT_MAX_BYTES + 1))).toBe('fileTooLarge');
  });
});

/** happy-dom's XMLHttpRequest goes to the network: a small fake answers the upload. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static answer = { status: 202, body: JSON.stringify(IMPORT) };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } =
    { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(k: string, v: string) {
    this.headers[k] = v;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.status = FakeXhr.answer.status;
      this.responseText = FakeXhr.answer.body;
      this.onload?.();
    }, 10);
  }
}

describe('import wizard', () => {
  beforeEach(() => {
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(() => vi.unstubAllGlobals());

  function setup() {
    return mockApi({
      'GET /farm-api/users/me': ADMIN,
      'GET /farm-api/imports': emptyPage,
      [`GET /farm-api/imports/${IMPORT.id}`]: {
        ...IMPORT,
        errors: [
          {
            row: 3,
            label: 'SXXXXXXXXXXXXX',
            code: 'importCellIsDate',
            params: { column: 'E', header: 'Potas K2O', value: '2026-03-15' },
            // The panel renders the code and its parameters in its own language.
            message: 'Kolumna E (Potas K2O): w komórce jest data (2026-03-15), a powinna być liczba.',
          },
        ],
        errorsTotal: 1,
      },
    });
  }

  it('refuses a dropped non-.xlsx file and a picked file over 5 MB without uploading', async () => {
    setup();
    renderApp('/imports', { signedIn: true, mode: 'farm' });
    const dropzone = await screen.findByTestId('dropzone');
    fireEvent.drop(dropzone, { dataTransfer: { files: [fileOf('wyniki.csv', 100, 'text/csv')] } });
    expect(await screen.findByText('Only .xlsx files are allowed.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);

    const input = screen.getByLabelText('choose a file');
    await userEvent.upload(input, fileOf('big.xlsx', 6 * 1024 * 1024));
    expect(await screen.findByText('The file is too large (5 MB at most).')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Upload' }) as HTMLButtonElement).disabled).toBe(true);
    expect(FakeXhr.last).toBeNull();
  });

  it('uploads a valid file with its test type and step, then lists the row errors', async () => {
    setup();
    renderApp('/imports', { signedIn: true, mode: 'farm' });
    await userEvent.selectOptions(await screen.findByLabelText('Test type'), 'MICRO');
    await userEvent.click(screen.getByLabelText('Check and save the results'));
    fireEvent.drop(screen.getByTestId('dropzone'), {
      dataTransfer: { files: [fileOf('wyniki.xlsx', 2048)] },
    });
    expect(await screen.findByText('Chosen file: wyniki.xlsx (2 kB)')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(
      await screen.findByText(
        'Column E (Potas K2O): the cell holds a date (2026-03-15) where a number belongs. Format the cell as a number and enter the value.',
      ),
    ).toBeTruthy();
    const xhr = FakeXhr.last!;
    const url = new URL(xhr.url, 'http://localhost');
    expect(url.pathname).toBe('/farm-api/imports');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      testType: 'MICRO',
      step: 'apply',
      fileName: 'wyniki.xlsx',
    });
    expect(xhr.headers.authorization).toBe('Bearer access-1');
    expect((xhr.body as FormData).get('file')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save results' })).toBeTruthy());
    expect(screen.getByText('Checked')).toBeTruthy();
  });

  it('follows the service while it checks and saves: each poll asks again (found by the e2e suite)', async () => {
    // The service answers "checking" twice, then "checked"; after "save", "saving" once, then "saved".
    let checks = 0;
    let applied = false;
    let saves = 0;
    const { calls } = mockApi({
      'GET /farm-api/users/me': ADMIN,
      'GET /farm-api/imports': emptyPage,
      [`GET /farm-api/imports/${IMPORT.id}`]: () => {
        if (applied) {
          saves += 1;
          return saves < 2
            ? { ...IMPORT, status: 'APPLYING', errors: [], errorsTotal: 0 }
            : {
                ...IMPORT,
                status: 'APPLIED',
                summary: { ...IMPORT.summary, applied: 2 },
                errors: [],
                errorsTotal: 0,
              };
        }
        checks += 1;
        return checks <= 2
          ? {
              ...IMPORT,
              status: 'CHECKING',
              progress: { phase: 'check', rowsRead: 1, total: 3, percent: 33 },
              errors: [],
              errorsTotal: 0,
            }
          : { ...IMPORT, errors: [], errorsTotal: 0 };
      },
      [`POST /farm-api/imports/${IMPORT.id}/apply`]: () => {
        applied = true;
        return { ...IMPORT, status: 'APPLYING' };
      },
    });
    FakeXhr.answer = { status: 202, body: JSON.stringify({ ...IMPORT, status: 'UPLOADED' }) };
    renderApp('/imports', { signedIn: true, mode: 'farm' });
    fireEvent.drop(await screen.findByTestId('dropzone'), {
      dataTransfer: { files: [fileOf('wyniki.xlsx', 2048)] },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(document.querySelector('.summary .status--CHECKING')).toBeTruthy());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save results' })).toBeTruthy(), {
      timeout: 8000,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save results' }));
    await waitFor(
      () => expect(document.querySelector('.summary .status--APPLIED')?.textContent).toBe('Saved'),
      {
        timeout: 8000,
      },
    );
    expect(calls.filter((c) => c.path === `/farm-api/imports/${IMPORT.id}`).length).toBeGreaterThanOrEqual(5);
    FakeXhr.answer = { status: 202, body: JSON.stringify(IMPORT) };
  }, 20_000);
  it('the history row follows the import the wizard checks; a refused upload shows its name, not a key', async () => {
    let checks = 0;
    const now = () => (checks <= 1 ? 'CHECKING' : 'CHECKED');
    const refused = {
      ...IMPORT,
      id: '6d7a1c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
      fileName: 'zdjecie-pola.xlsx',
      testType: 'FOO',
      status: 'REJECTED',
      errorCode: 'importUnsupportedFile',
      errorMessage: 'Ten plik nie jest skoroszytem .xlsx.',
      summary: { rowsRead: 0, valid: 0, applied: 0, rejected: 0, ordersTouched: 0 },
    };
    mockApi({
      'GET /farm-api/users/me': ADMIN,
      'GET /farm-api/imports': () => ({
        items: [
          {
            ...IMPORT,
            status: now(),
            summary:
              now() === 'CHECKING'
                ? { ...IMPORT.summary, rowsRead: 0, valid: 0, rejected: 0 }
                : IMPORT.summary,
          },
          refused,
        ],
        meta: { page: 1, perPage: 20, total: 2, next: null, prev: null },
      }),
      [`GET /farm-api/imports/${IMPORT.id}`]: () => {
        checks += 1;
        return { ...IMPORT, status: now(), errors: [], errorsTotal: 0 };
      },
    });
    FakeXhr.answer = { status: 202, body: JSON.stringify({ ...IMPORT, status: 'UPLOADED' }) };
    renderApp('/imports', { signedIn: true, mode: 'farm' });
    fireEvent.drop(await screen.findByTestId('dropzone'), {
      dataTransfer: { files: [fileOf('wyniki.xlsx', 2048)] },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(document.querySelector('.summary .status--CHECKED')).toBeTruthy(), {
      timeout: 8000,
    });
    const history = document.querySelector('.imports-history')!;
    await waitFor(() => expect(history.querySelector('.status--CHECKED')?.textContent).toBe('Checked'), {
      timeout: 8000,
    });
    expect(history.querySelector('.status--CHECKING')).toBeNull();
    expect(history.textContent).toContain('3 read · 0 saved · 1 rejected');
    expect(history.textContent).toContain('zdjecie-pola.xlsx');
    expect(history.textContent).not.toContain('labResults.');
    FakeXhr.answer = { status: 202, body: JSON.stringify(IMPORT) };
  }, 20_000);
});
