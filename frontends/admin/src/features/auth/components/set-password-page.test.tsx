import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, emptyPage, location, mockApi, renderApp } from '../../../testing/render-app';

describe('set password from the admin reset link', () => {
  it('checks the link, refuses mismatched passwords, then signs the admin in', async () => {
    const { calls } = mockApi({
      'GET /farm-api/auth/set-password/tok-1': { valid: true, email: 'admin@gleba.local' },
      'POST /farm-api/auth/set-password/tok-1': {
        email: 'admin@gleba.local',
        accessToken: 'a-3',
        refreshToken: 'r-3',
      },
      'GET /farm-api/users/me': ADMIN,
      'GET /farm-api/orders': emptyPage,
      'GET /farm-api/notifications/in-app/unseen/count': { unseenCount: 0 },
    });
    renderApp('/set-password/tok-1');
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'GET' && c.path === '/farm-api/auth/set-password/tok-1')).toBe(
        true,
      ),
    );
    await userEvent.type(screen.getByLabelText('New password'), 'NewPass123!');
    await userEvent.type(screen.getByLabelText('Repeat password'), 'Other123!');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Passwords do not match.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.clear(screen.getByLabelText('Repeat password'));
    await userEvent.type(screen.getByLabelText('Repeat password'), 'NewPass123!');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('a-3');
    await waitFor(() => expect(location()).toBe('/orders'));
  });
});
