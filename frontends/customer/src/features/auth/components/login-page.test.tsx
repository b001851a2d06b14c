import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, errorBody, location, mockApi, renderApp } from '../../../testing/render-app';

afterEach(() => vi.unstubAllGlobals());

async function signIn(email = 'anna@example.pl', password = 'Secret1!') {
  await screen.findByRole('heading', { name: 'Sign in to Gleba' });
  await userEvent.type(screen.getByLabelText('E-mail address'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login', () => {
  it('stores the returned tokens and opens the dashboard', async () => {
    const { calls } = mockApi({
      'POST /api/auth/login': { accessToken: 'a1', refreshToken: 'r1' },
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/soil-tests': [],
    });
    renderApp('/login');
    await signIn('Anna@Example.pl ');
    expect(await screen.findByRole('heading', { name: 'Hello, Anna!' })).toBeTruthy();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/auth/login',
      body: { email: 'anna@example.pl', password: 'Secret1!' },
    });
    expect(calls[0]!.headers.get('authorization')).toBeNull();
    expect(localStorage.getItem('token')).toBe('a1');
    expect(location()).toBe('/');
  });

  it('checks the e-mail before sending', async () => {
    const { calls } = mockApi({});
    renderApp('/login');
    await signIn('not-an-email');
    expect(await screen.findByText('Invalid e-mail address.')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/auth/login')).toHaveLength(0);
  });

  it.each([
    ['invalidCredentials', 401, 'Invalid e-mail or password.'],
    ['accountNotActive', 403, 'Your account is not active. Check your e-mail and click the activation link.'],
  ])('shows %s', async (code, status, text) => {
    mockApi({ 'POST /api/auth/login': errorBody(status, code) });
    renderApp('/login');
    await signIn();
    expect(await screen.findByText(text)).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('sends a suspended account to /account-suspended', async () => {
    mockApi({ 'POST /api/auth/login': errorBody(403, 'accountSuspended') });
    renderApp('/login');
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Account suspended' })).toBeTruthy();
    expect(location()).toBe('/account-suspended');
  });

  it('explains a network failure', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderApp('/login');
    await signIn();
    expect(await screen.findByText('Connection problem. Check your internet connection.')).toBeTruthy();
  });
});
