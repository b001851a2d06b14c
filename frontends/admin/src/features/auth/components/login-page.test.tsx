import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, emptyPage, errorBody, json, location, mockApi, renderApp } from '../../../testing/render-app';

describe('admin login', () => {
  it('refuses a non-admin with the server’s translated message and stores no session', async () => {
    const { calls } = mockApi({
      'POST /farm-api/auth/admin/login': errorBody(
        403,
        'notAdministrator',
        'Nie masz uprawnień administratora.',
      ),
    });
    renderApp('/', { lang: 'pl' });
    await userEvent.type(screen.getByLabelText('E-mail'), 'farmer@gleba.local');
    await userEvent.type(screen.getByLabelText('Hasło'), 'Farmer123!');
    await userEvent.click(screen.getByRole('button', { name: 'Zaloguj się' }));
    expect(await screen.findByText('Nie masz uprawnień administratora.')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls[0]?.headers.get('x-gleba-lang')).toBe('pl');
    expect(calls[0]?.headers.get('authorization')).toBeNull();
    expect(calls[0]?.body).toEqual({ email: 'farmer@gleba.local', password: 'Farmer123!' });
  });

  it('checks the fields before calling the server', async () => {
    const { calls } = mockApi({});
    renderApp('/');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('signs an admin in, then shows the orders', async () => {
    mockApi({
      'POST /farm-api/auth/admin/login': { accessToken: 'a-2', refreshToken: 'r-2' },
      'GET /farm-api/users/me': ADMIN,
      'GET /farm-api/orders': emptyPage,
      'GET /farm-api/notifications/in-app/unseen/count': { unseenCount: 0 },
    });
    renderApp('/');
    await userEvent.type(screen.getByLabelText('E-mail'), 'admin@gleba.local');
    await userEvent.type(screen.getByLabelText('Password'), 'Admin123!');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Orders' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('a-2');
    await waitFor(() => expect(location()).toBe('/orders'));
  });

  it('a customer’s session on the same origin is told it lacks administrator privileges', async () => {
    mockApi({ 'GET /farm-api/users/me': { ...ADMIN, role: 'USER' } });
    renderApp('/orders', { signedIn: true });
    expect(await screen.findByText('You lack administrator privileges.')).toBeTruthy();
  });

  it('password reset ends with the check-your-e-mail step', async () => {
    const { calls } = mockApi({
      'POST /farm-api/auth/admin/forgot-password': json(200, { message: 'checkYourEmail' }),
    });
    renderApp('/reset');
    await userEvent.type(screen.getByLabelText('E-mail'), 'admin@gleba.local');
    await userEvent.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('heading', { name: 'Check your e-mail' })).toBeTruthy();
    expect(calls[0]?.body).toEqual({ email: 'admin@gleba.local' });
  });

  it('logout tells identity and clears the session', async () => {
    const { calls } = mockApi({
      'GET /farm-api/users/me': ADMIN,
      'POST /farm-api/auth/logout': json(204),
    });
    renderApp('/logout', { signedIn: true });
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(
      calls.some(
        (c) =>
          c.path === '/farm-api/auth/logout' &&
          (c.body as { refreshToken?: string }).refreshToken === 'refresh-1',
      ),
    ).toBe(true);
  });
});
