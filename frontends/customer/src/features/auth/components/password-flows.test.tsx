import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, errorBody, location, mockApi, renderApp } from '../../../testing/render-app';
import { runActivation } from './activation-page';

afterEach(() => vi.unstubAllGlobals());

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const signedInRoutes = {
  'GET /api/users/me': USER,
  'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
  'GET /api/soil-tests': [],
};

describe('/reset (forgot password)', () => {
  it.each([
    [errorBody(429, 'tooManyResetPasswordRequests'), 'Too many password reset attempts. Try again later.'],
    [errorBody(500, 'internal'), 'Something went wrong. Please try again.'],
    [errorBody(404, 'emailDoesNotExist'), 'This e-mail does not exist.'],
  ])('shows the right message for a failure', async (answer, text) => {
    mockApi({ 'POST /api/auth/forgot-password': answer });
    renderApp('/reset');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    fill('E-mail address', 'anna@example.pl');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('sends the e-mail and confirms', async () => {
    const { calls } = mockApi({ 'POST /api/auth/forgot-password': { message: 'ok' } });
    renderApp('/reset');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    fill('E-mail address', 'anna@example.pl');
    await userEvent.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(
      await screen.findByText('If the account exists, we have sent a link to that address.'),
    ).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/forgot-password')?.body).toEqual({
      email: 'anna@example.pl',
    });
  });
});

describe('/set-password/{token}', () => {
  it("checks the link, then shows the server's message on failure", async () => {
    const { calls } = mockApi({
      'GET /api/auth/set-password/tok': { valid: true, email: 'anna@example.pl' },
      'POST /api/auth/set-password/tok': errorBody(400, 'invalidOrExpiredLink', 'The link has expired.'),
    });
    renderApp('/set-password/tok');
    await screen.findByLabelText('New password');
    fill('New password', 'Secret1!');
    fill('Repeat the password', 'Secret1!');
    await userEvent.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByText('The link has expired.')).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('GET /api/auth/set-password/tok');
  });

  it('refuses passwords that do not match without calling the server', async () => {
    const { calls } = mockApi({ 'GET /api/auth/set-password/tok': { valid: true, email: 'a@b.pl' } });
    renderApp('/set-password/tok');
    await screen.findByLabelText('New password');
    fill('New password', 'Secret1!');
    fill('Repeat the password', 'Secret1?');
    await userEvent.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByText('The passwords do not match.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('signs in and goes to / when the answer carries an e-mail and tokens', async () => {
    mockApi({
      ...signedInRoutes,
      'GET /api/auth/set-password/tok': { valid: true, email: 'anna@example.pl' },
      'POST /api/auth/set-password/tok': { email: 'anna@example.pl', accessToken: 'a9', refreshToken: 'r9' },
    });
    renderApp('/set-password/tok');
    await screen.findByLabelText('New password');
    fill('New password', 'Secret1!');
    fill('Repeat the password', 'Secret1!');
    await userEvent.click(screen.getByRole('button', { name: 'Save the password' }));
    expect(await screen.findByRole('heading', { name: 'Hello, Anna!' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('a9');
    expect(location()).toBe('/');
  });

  it('shows an invalid link', async () => {
    mockApi({ 'GET /api/auth/reset-password/bad': errorBody(400, 'invalidOrExpiredLink') });
    renderApp('/forgot-password/bad');
    expect(await screen.findByText('The link is invalid or has expired.')).toBeTruthy();
  });
});

describe('/activate/{token}', () => {
  it('stores the session and goes to /', async () => {
    mockApi({
      ...signedInRoutes,
      'GET /api/auth/activate/tok-ok': { accessToken: 'a5', refreshToken: 'r5' },
    });
    renderApp('/activate/tok-ok');
    expect(await screen.findByRole('heading', { name: 'Hello, Anna!' })).toBeTruthy();
    expect(localStorage.getItem('refresh_token')).toBe('r5');
    expect(location()).toBe('/');
  });

  it('shows the error variant with "Invalid response from server" when the answer lacks a token', async () => {
    mockApi({ 'GET /api/auth/activate/tok': { accessToken: 'only-one' } });
    renderApp('/activate/tok');
    expect(await screen.findByRole('heading', { name: 'The account could not be activated' })).toBeTruthy();
    expect(screen.getByText('Invalid response from server')).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('shows the error variant when the server refuses the link', async () => {
    mockApi({ 'GET /api/auth/activate/tok': errorBody(400, 'invalidOrExpiredLink') });
    renderApp('/activate/tok');
    expect(await screen.findByRole('heading', { name: 'The account could not be activated' })).toBeTruthy();
  });

  it('says why the link failed once, then what to do (the failure is not repeated)', async () => {
    mockApi({ 'GET /api/auth/activate/tok': errorBody(400, 'invalidOrExpiredLink') });
    renderApp('/activate/tok');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/invalid or has expired/);
    expect(document.body.textContent!.match(/invalid or has expired/g)).toHaveLength(1);
    expect(
      screen.getByText('Enter the e-mail address of your account and we will send a new activation link.'),
    ).toBeTruthy();
  });

  it('says "Invalid token" when the token is not a string', async () => {
    const activate = vi.fn();
    const deps = {
      activate,
      tr: (k: string) => (k === 'customer.invalidToken' ? 'Invalid token' : k),
      describe: () => 'x',
    };
    expect(await runActivation(undefined, deps)).toEqual({ ok: false, message: 'Invalid token' });
    expect(await runActivation(42, deps)).toEqual({ ok: false, message: 'Invalid token' });
    expect(activate).not.toHaveBeenCalled();
  });
});
