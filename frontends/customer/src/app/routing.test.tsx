import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { USER, errorBody, json, location, mockApi, renderApp } from '../testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const signedInApi = (extra: Record<string, unknown> = {}) =>
  mockApi({
    'GET /api/users/me': USER,
    'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
    'GET /api/soil-tests': { items: [] },
    ...extra,
  });

describe('signed-out routes', () => {
  it('shows the login at / and sends any other path to the sign-in, which returns there', async () => {
    mockApi({});
    renderApp('/my-account');
    expect(await screen.findByRole('heading', { name: 'Sign in to Gleba' })).toBeTruthy();
    expect(location()).toBe('/login?returnTo=%2Fmy-account');
  });

  it('shows the splash carousel on the first visit until splash_screen_on is set', async () => {
    mockApi({});
    renderApp('/', { splashSeen: false });
    expect(await screen.findByRole('heading', { name: 'Get to know your soil' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(screen.getByRole('button', { name: 'Get started' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Gleba' })).toBeTruthy();
    expect(localStorage.getItem('splash_screen_on')).toBe('true');
  });

  it('shows the splash carousel at /login too on the first visit, and the login once it is done', async () => {
    mockApi({});
    renderApp('/login', { splashSeen: false });
    expect(await screen.findByRole('heading', { name: 'Get to know your soil' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Skip' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Gleba' })).toBeTruthy();
    expect(localStorage.getItem('splash_screen_on')).toBe('true');
  });

  it('serves /register, /reset, /account-suspended and the terms while signed out', async () => {
    mockApi({ 'GET /cms/wp-json/wp/v2/pages': [] });
    renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'Create an account' })).toBeTruthy();
  });

  it('stores accessToken and refreshToken from the URL and goes to /', async () => {
    signedInApi();
    renderApp('/?accessToken=a-url&refreshToken=r-url');
    expect(await screen.findByRole('heading', { name: 'Hello, Anna!' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('a-url');
    expect(localStorage.getItem('refresh_token')).toBe('r-url');
    expect(location()).toBe('/');
  });

  it('exchanges an authCode at auth/token-exchange with the accept and authCode headers', async () => {
    const { calls } = signedInApi({
      'GET /api/auth/token-exchange': { accessToken: 'a-code', refreshToken: 'r-code' },
    });
    renderApp('/?authCode=xyz');
    expect(await screen.findByRole('heading', { name: 'Hello, Anna!' })).toBeTruthy();
    const exchange = calls.find((c) => c.path === '/api/auth/token-exchange')!;
    expect(exchange.headers.get('authCode')).toBe('xyz');
    expect(exchange.headers.get('accept')).toBe('application/json');
    expect(localStorage.getItem('token')).toBe('a-code');
  });
});

describe('signed-in routes', () => {
  it('redirects /login and /register to /', async () => {
    signedInApi();
    renderApp('/login', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Hello, Anna!' })).toBeTruthy();
    expect(location()).toBe('/');
  });

  it('sends the bearer token and the language with users/me', async () => {
    const { calls } = signedInApi();
    renderApp('/register', { signedIn: true, lang: 'uk' });
    expect(await screen.findByRole('heading', { name: 'Добрий день, Anna!' })).toBeTruthy();
    const me = calls.find((c) => c.path === '/api/users/me')!;
    expect(me.headers.get('authorization')).toBe('Bearer access-1');
    expect(me.headers.get('x-gleba-lang')).toBe('uk');
  });

  it('shows the server error page when users/me fails with a 5xx, the generic one otherwise', async () => {
    mockApi({ 'GET /api/users/me': errorBody(503, 'serviceUnavailable') });
    const view = renderApp('/', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'The server is not responding' })).toBeTruthy();
    view.unmount();
    mockApi({ 'GET /api/users/me': errorBody(403, 'forbidden') });
    renderApp('/', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
  });

  it('shows the unseen count in brackets when above 0', async () => {
    signedInApi({ 'GET /api/notifications/in-app/unseen/count': { unseenCount: 3 } });
    renderApp('/', { signedIn: true });
    expect(await screen.findByRole('link', { name: 'Notifications (3)' })).toBeTruthy();
    for (const name of ['Main page', 'My tests', 'My account', 'Log out'])
      expect(screen.getByRole('link', { name })).toBeTruthy();
  });

  it('has a header with the translated title and a back arrow to the route the spec names', async () => {
    signedInApi();
    renderApp('/soil-tests/add', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Add a test' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/soil-tests');
  });

  it('hides the menu on the results page', async () => {
    signedInApi();
    renderApp('/soil-tests/abc/results', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Test results' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows the 404 page for an unknown signed-in path', async () => {
    signedInApi();
    renderApp('/nowhere', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('/logout clears the session and goes to /', async () => {
    const { calls } = signedInApi({ 'POST /api/auth/logout': json(204) });
    renderApp('/logout', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Sign in to Gleba' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(location()).toBe('/');
    expect(calls.find((c) => c.path === '/api/auth/logout')?.body).toEqual({ refreshToken: 'refresh-1' });
  });

  it('ends the session when the token cannot be refreshed', async () => {
    mockApi({
      'GET /api/users/me': errorBody(401, 'tokenExpired'),
      'POST /api/auth/refresh-token': errorBody(401, 'invalidToken'),
    });
    renderApp('/my-account', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Sign in to Gleba' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBeNull();
    expect(location()).toBe('/login?returnTo=%2Fmy-account');
  });

  it('refreshes an expired token and carries on', async () => {
    const { calls } = signedInApi({
      'GET /api/users/me': ({ headers }: { headers: Headers }) =>
        headers.get('authorization') === 'Bearer access-2' ? USER : errorBody(401, 'tokenExpired'),
      'POST /api/auth/refresh-token': { accessToken: 'access-2', refreshToken: 'refresh-2' },
    });
    renderApp('/', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Hello, Anna!' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/auth/refresh-token')?.body).toEqual({
      refreshToken: 'refresh-1',
    });
    expect(localStorage.getItem('token')).toBe('access-2');
  });
});

describe('language', () => {
  it('asks GET /api/language when none was chosen, and falls back to pl on failure', async () => {
    const { calls } = mockApi({ 'GET /api/language': { language: 'uk' } });
    localStorage.setItem('splash_screen_on', 'true');
    const { resetLanguageStore } = await import('../stores/language-store');
    renderApp('/');
    localStorage.removeItem('lang');
    resetLanguageStore();
    const { detectLanguage } = await import('../lib/detect-language');
    await detectLanguage();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Увійдіть до Gleba' })).toBeTruthy());
    expect(calls.some((c) => c.path === '/api/language')).toBe(true);

    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi({ 'GET /api/language': errorBody(500, 'internal') });
    await detectLanguage();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Zaloguj się do Gleba' })).toBeTruthy());
    expect(error).toHaveBeenCalled();
  });

  it('keeps the chosen language in local storage', async () => {
    mockApi({});
    renderApp('/');
    await screen.findByRole('heading', { name: 'Sign in to Gleba' });
    await userEvent.click(screen.getByRole('button', { name: 'Polski' }));
    expect(localStorage.getItem('lang')).toBe('pl');
    expect(await screen.findByRole('heading', { name: 'Zaloguj się do Gleba' })).toBeTruthy();
  });
});
