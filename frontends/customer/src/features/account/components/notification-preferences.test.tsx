import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { t } from '@gleba/i18n';
import { USER, errorBody, mockApi, renderApp } from '../../../testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const TYPES = [
  'ORDER_ADDED_AWAITING_SHIPMENT',
  'ORDER_STATUS_CHANGED',
  'SAMPLES_SENT',
  'SAMPLES_DELIVERED',
  'PARTIAL_RESULTS',
  'ALL_RESULTS',
  'RESULTS_UPDATED',
  'ORDER_CANCELLED',
  'PAYMENT_RECEIVED',
  'COURIER_BOOKED',
  'DROP_OFF_CODE',
  'DROP_OFF_CODE_EXPIRING',
];
const prefs = () => ({
  items: TYPES.map((type) => ({
    type,
    isEmailEnabled: true,
    isInAppEnabled: true,
    isSmsEnabled: type !== 'PAYMENT_RECEIVED',
  })),
});

describe('notification settings in My account', () => {
  it('lists every notice type by channel and saves a change at once', async () => {
    let stored = prefs();
    const { calls } = mockApi({
      'GET /api/users/me': USER,
      'GET /api/users/profile': errorBody(404, 'profileNotFound'),
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/notifications/preferences': () => stored,
      'PUT /api/notifications/preferences': ({ body }: { body: { items: Record<string, unknown>[] } }) => {
        const change = body.items[0]!;
        stored = {
          items: stored.items.map((p) => (p.type === change.type ? { ...p, ...change } : p)),
        };
        return stored;
      },
    });
    renderApp('/my-account', { signedIn: true, lang: 'pl' });
    expect(await screen.findByRole('heading', { name: 'Powiadomienia' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('preference')).toHaveLength(TYPES.length));
    const sent = screen.getByRole('group', { name: 'Próbki wysłane do laboratorium' });
    const sms = within(sent).getByRole('checkbox', { name: 'SMS' }) as HTMLInputElement;
    expect(sms.checked).toBe(true);
    await userEvent.click(sms);
    expect(await screen.findByText('Zapisano ustawienia powiadomień.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      items: [{ type: 'SAMPLES_SENT', isSmsEnabled: false }],
    });
    expect((within(sent).getByRole('checkbox', { name: 'SMS' }) as HTMLInputElement).checked).toBe(false);
    const paid = screen.getByRole('group', { name: 'Otrzymana płatność' });
    expect((within(paid).getByRole('checkbox', { name: 'SMS' }) as HTMLInputElement).checked).toBe(false);
    expect((within(paid).getByRole('checkbox', { name: 'W aplikacji' }) as HTMLInputElement).checked).toBe(
      true,
    );
    // Every label in words: no code, no key.
    const text = document.body.textContent ?? '';
    expect(text).not.toMatch(/notifications\.|[A-Z]+_[A-Z_]+/);
  });

  it('puts a refused change back and says why', async () => {
    mockApi({
      'GET /api/users/me': USER,
      'GET /api/users/profile': errorBody(404, 'profileNotFound'),
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/notifications/preferences': prefs(),
      'PUT /api/notifications/preferences': errorBody(503, 'serviceUnavailable'),
    });
    renderApp('/my-account', { signedIn: true, lang: 'en' });
    const group = await screen.findByRole('group', { name: 'Results ready' });
    const email = within(group).getByRole('checkbox', { name: 'E-mail' }) as HTMLInputElement;
    await userEvent.click(email);
    expect(await screen.findByText(t('en', 'errors.serviceUnavailable'))).toBeTruthy();
    await waitFor(() =>
      expect((within(group).getByRole('checkbox', { name: 'E-mail' }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
  });
});
