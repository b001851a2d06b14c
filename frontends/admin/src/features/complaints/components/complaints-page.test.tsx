import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, errorBody, mockApi, renderApp } from '../../../testing/render-app';

const complaint = {
  id: '6d7a1c3e-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  kind: 'GARDEN',
  testId: '5c1d8a3e-2b4f-4e6a-9c7d-1a2b3c4d5e6f',
  orderId: '5c1d8a3e-2b4f-4e6a-9c7d-1a2b3c4d5e6f',
  orderNumber: 'ZG/2026/000007',
  barcode: 'GLEBA0000000001',
  fieldName: 'Ogródek przy domu',
  sectorName: null,
  sampleNumber: null,
  userId: '0b7c0e6e-7a8e-4a55-9d1a-3f1d2f7f0a01',
  reason: 'RESULTS_IMPLAUSIBLE',
  text: 'Za niskie pH jak na ten ogród.',
  hasPhoto: false,
  status: 'OPEN',
  answer: null,
  retest: false,
  createdAt: '2026-11-21T10:00:00.000Z',
  answeredAt: null,
};
const meta = { page: 1, perPage: 20, total: 1, next: null, prev: null };
/** A farm order's sample: sample 2 of the order, taken from sector S2 of its field. */
const farmComplaint = {
  ...complaint,
  id: '8e9f0a1b-2c3d-4e5f-8a6b-7c8d9e0f1a2b',
  kind: 'FARM',
  testId: '9f0a1b2c-3d4e-4f5a-8b7c-8d9e0f1a2b3c',
  orderId: '0a1b2c3d-4e5f-4a6b-8c8d-9e0f1a2b3c4d',
  orderNumber: 'ZF/2026/000014',
  barcode: 'SK7M2P9QX4R8TW',
  fieldName: 'Pole za stodołą',
  sectorName: 'S2',
  sampleNumber: 2,
  text: 'Ten sektor był wapnowany.',
};

describe('complaints tab', () => {
  it('lists complaints and answers one with a re-test', async () => {
    let stored: Record<string, unknown> = { ...complaint };
    const { calls } = mockApi({
      'GET /farm-api/users/me': ADMIN,
      'GET /farm-api/complaints': () => ({ items: [stored], meta }),
      [`POST /farm-api/complaints/${complaint.id}/answer`]: ({
        body,
      }: {
        body: { answer: string; retest: boolean };
      }) => {
        stored = { ...stored, status: 'RETESTING', answer: body.answer, retest: body.retest };
        return stored;
      },
    });
    renderApp('/orders', { signedIn: true, lang: 'pl' });
    await userEvent.click(await screen.findByRole('link', { name: 'Reklamacje' }));
    expect(await screen.findByRole('heading', { name: 'Reklamacje' })).toBeTruthy();
    expect(await screen.findByText('Za niskie pH jak na ten ogród.')).toBeTruthy();
    const table = screen.getByRole('table');
    expect(within(table).getByText('Nieprawdopodobne wyniki')).toBeTruthy();
    expect(within(table).getByText('Czeka na odpowiedź')).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Odpowiedz' }));
    const dialog = await screen.findByRole('dialog', { name: 'Odpowiedź na reklamację GLEBA0000000001' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Wyślij odpowiedź' }));
    expect(await within(dialog).findByText('Wpisz odpowiedź.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByLabelText('Odpowiedź dla klienta'), 'Powtórzymy badanie.');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: /Powtórz badanie próbki/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Wyślij odpowiedź' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      answer: 'Powtórzymy badanie.',
      retest: true,
    });
    expect(await within(screen.getByRole('table')).findByText('Badanie do powtórzenia')).toBeTruthy();
    expect(within(screen.getByRole('table')).getByText('Powtórzymy badanie.')).toBeTruthy();
  });

  it("lists a farm order's sample beside a garden test and names both in the answer dialog, in each language", async () => {
    for (const [lang, kind, sample, title] of [
      [
        'pl',
        'Rolnik',
        'SK7M2P9QX4R8TW · próbka 2: Pole za stodołą, sektor S2',
        'Odpowiedź na reklamację próbki SK7M2P9QX4R8TW (zamówienie ZF/2026/000014)',
      ],
      [
        'en',
        'Farmer',
        'SK7M2P9QX4R8TW · sample 2: Pole za stodołą, sector S2',
        'Answer the complaint about sample SK7M2P9QX4R8TW (order ZF/2026/000014)',
      ],
      [
        'uk',
        'Фермер',
        'SK7M2P9QX4R8TW · зразок 2: Pole za stodołą, сектор S2',
        'Відповідь на скаргу щодо зразка SK7M2P9QX4R8TW (замовлення ZF/2026/000014)',
      ],
    ] as const) {
      mockApi({
        'GET /farm-api/users/me': ADMIN,
        'GET /farm-api/complaints': { items: [farmComplaint, complaint], meta: { ...meta, total: 2 } },
      });
      const { unmount } = renderApp('/complaints', { signedIn: true, lang });
      const cells = await screen.findAllByTestId('complaint-sample');
      expect(cells.map((c) => c.textContent)).toEqual([
        `ZF/2026/000014${sample}`,
        'ZG/2026/000007GLEBA0000000001 · Ogródek przy domu',
      ]);
      expect(within(screen.getByRole('table')).getByText(kind)).toBeTruthy();
      await userEvent.click(
        screen.getAllByRole('button', {
          name: lang === 'pl' ? 'Odpowiedz' : lang === 'en' ? 'Answer' : 'Відповісти',
        })[0]!,
      );
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(dialog.textContent).toContain(`ZF/2026/000014 · ${sample}`);
      unmount();
    }
  });

  it('shows the refusal of an answer already given, in English', async () => {
    mockApi({
      'GET /farm-api/users/me': ADMIN,
      'GET /farm-api/complaints': { items: [complaint], meta },
      [`POST /farm-api/complaints/${complaint.id}/answer`]: errorBody(
        409,
        'complaintAlreadyAnswered',
        'This complaint has already been answered.',
      ),
    });
    renderApp('/complaints', { signedIn: true, lang: 'en' });
    await userEvent.click(await screen.findByRole('button', { name: 'Answer' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Answer to the customer'), 'Correct.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(dialog.textContent).toContain('This complaint has already been answered.'), {
      timeout: 3000,
    });
  });
});
