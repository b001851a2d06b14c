import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@gleba/contracts';
import { USER, location, mockApi, renderApp } from '../../../testing/render-app';
import { resetLanguageStore, useLanguageStore } from '../../../stores/language-store';

afterEach(() => vi.unstubAllGlobals());

/** An access token as identity signs it (the payload matters here, not the signature). */
const token = (claims: Record<string, unknown>) =>
  `h.${btoa(JSON.stringify({ sub: USER.id, ...claims }))
    .replace(/=+$/, '')
    .replace(/\+/g, '-')
    .replace(/\//g, '_')}.s`;

async function signIn() {
  await userEvent.type(
    await screen.findByLabelText(/E-mail|Adres e-mail|Електронна пошта/),
    'anna@example.pl',
  );
  await userEvent.type(screen.getByLabelText(/^(Password|Hasło|Пароль)$/), 'Secret1!');
  await userEvent.click(screen.getByRole('button', { name: /^(Sign in|Zaloguj się|Увійти)$/ }));
}

describe('a link opened while signed out', () => {
  it('asks to sign in, then returns to the linked screen', async () => {
    mockApi({
      'POST /api/auth/login': { accessToken: token({ lang: 'en' }), refreshToken: 'r1' },
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/orders': { items: [], meta: { page: 1, perPage: 10, total: 0, next: null, prev: null } },
      'GET /api/orders/o-42': { order: null },
    });
    renderApp('/orders?order=o-42');
    await waitFor(() =>
      expect(location()).toBe(`/login?returnTo=${encodeURIComponent('/orders?order=o-42')}`),
    );
    await signIn();
    await waitFor(() => expect(location()).toBe('/orders?order=o-42'));
  });

  it('never returns to another origin', async () => {
    mockApi({
      'POST /api/auth/login': { accessToken: token({ lang: 'en' }), refreshToken: 'r1' },
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/soil-tests': [],
    });
    renderApp(`/login?returnTo=${encodeURIComponent('//evil.example/x')}`);
    await signIn();
    await waitFor(() => expect(location()).toBe('/'));
  });
});

describe('the language kept on the account', () => {
  it('applies at sign-in, whatever this browser had', async () => {
    mockApi({
      'POST /api/auth/login': { accessToken: token({ lang: 'uk' }), refreshToken: 'r1' },
      'GET /api/users/me': { ...USER, language: 'uk' },
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/soil-tests': [],
    });
    renderApp('/login', { lang: 'pl' });
    await signIn();
    await waitFor(() => expect(useLanguageStore.getState().lang).toBe('uk'));
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('uk');
    expect(document.documentElement.lang).toBe('uk');
  });

  it('picked on the sign-in screen, wins over the account and is saved on it', async () => {
    const { calls } = mockApi({
      'POST /api/auth/login': { accessToken: token({ lang: 'pl' }), refreshToken: 'r1' },
      'GET /api/users/me': { ...USER, language: 'pl' },
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/soil-tests': [],
      'PATCH /api/users/me': { ...USER, language: 'en' },
    });
    renderApp('/login', { lang: 'pl' });
    await userEvent.click(await screen.findByRole('button', { name: 'English' }));
    await signIn();
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH' && c.path === '/api/users/me')?.body).toEqual({
        language: 'en',
      }),
    );
    expect(useLanguageStore.getState().lang).toBe('en');
    expect(document.documentElement.lang).toBe('en');
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1);
  });

  it('is saved on the account when changed from the header while signed in', async () => {
    const { calls } = mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/notifications/in-app': {
        items: [],
        meta: { page: 1, perPage: 10, total: 0, next: null, prev: null },
      },
      'PATCH /api/users/me': { ...USER, language: 'uk' },
    });
    renderApp('/notifications', { signedIn: true, lang: 'pl' });
    await screen.findByRole('heading', { name: 'Powiadomienia' });
    // Opening the app saves nothing.
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
    useLanguageStore.getState().setLanguage('uk');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH' && c.path === '/api/users/me')?.body).toEqual({
        language: 'uk',
      }),
    );
  });

  it('?lang= in a link opens the screen in that language and leaves the address clean', () => {
    localStorage.setItem(STORAGE_KEYS.lang, 'pl');
    window.history.replaceState(null, '', '/orders?order=o-1&lang=uk#top');
    resetLanguageStore();
    expect(useLanguageStore.getState()).toMatchObject({ lang: 'uk', chosen: true });
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe('uk');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe(
      '/orders?order=o-1#top',
    );
    window.history.replaceState(null, '', '/');
  });
});
