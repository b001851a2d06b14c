import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, json, location, mockApi, renderApp } from '../../../testing/render-app';
import { LAST_USER_KEY, rememberedUser, tokenSubject } from '../../../lib/current-user';
import { useSessionStore } from '../../../stores/session-store';
import { PLANTS_KEY } from '../../../lib/api/plants';
import { readQueue } from '../../../lib/offline/offline-queue';

/** An access token as identity issues it, as far as the app reads it (the subject). */
const jwt = (sub: string) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub, role: 'USER', lang: 'en' }))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}.sig`;
const TEST_ID = '5c1d8a3e-2b4f-4e6a-9c7d-1a2b3c4d5e6f';
const CODE = 'GLEBA0000000042';
const offline = () => {
  throw new TypeError('Failed to fetch');
};
function setOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'onLine');
});

describe('opening the installed app without a connection', () => {
  it('runs as the kept user of this session: a test added offline (kept plant list) is queued, then sent when the connection returns', async () => {
    // Online first: the shell keeps the user and the plant list.
    mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/plants': [{ id: 'TOMATO', name: 'Tomato' }],
      'GET /api/soil-tests': [],
      'GET /api/plots': [],
      'GET /api/weather': {},
    });
    const first = renderApp('/', { signedIn: true, accessToken: jwt(USER.id) });
    expect(await screen.findByText('Hello, Anna!', undefined, { timeout: 8000 })).toBeTruthy();
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(PLANTS_KEY) ?? '{}')).toMatchObject({
        en: { plants: [{ id: 'TOMATO', name: 'Tomato' }] },
      }),
    );
    expect(rememberedUser()).toMatchObject({ id: USER.id, firstName: 'Anna' });
    first.unmount();
    vi.unstubAllGlobals();

    // Offline: every request fails; the app still opens (not the server error page).
    setOnline(false);
    let online = false;
    const posted: unknown[] = [];
    const { calls } = mockApi({
      'GET /api/users/me': () => (online ? USER : offline()),
      'GET /api/notifications/in-app/unseen/count': () => (online ? { unseenCount: 0 } : offline()),
      'GET /api/plants': offline,
      'GET /api/soil-tests': () => (online ? [] : offline()),
      'POST /api/soil-tests/verify': offline,
      'POST /api/soil-tests': ({ body }: { body: unknown }) => {
        if (!online) return offline();
        posted.push(body);
        return json(201, { id: TEST_ID });
      },
    });
    renderApp('/soil-tests/add', { signedIn: true, accessToken: jwt(USER.id) });
    expect(await screen.findByText(/You are offline/, undefined, { timeout: 8000 })).toBeTruthy();
    expect(screen.queryByText('The server is not responding')).toBeNull();
    await userEvent.type(await screen.findByLabelText('Test code'), CODE);
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const form = await screen.findByRole('form', { name: 'Sample details' });
    await userEvent.type(within(form).getByLabelText('Garden or place name'), 'Vegetable patch');
    await waitFor(() =>
      expect(
        within(form)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toContain('Tomato'),
    );
    await userEvent.selectOptions(within(form).getByLabelText('Plant'), 'TOMATO');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(`No connection. Test ${CODE} will be added when you are back online.`),
    ).toBeTruthy();
    await waitFor(() => expect(location()).toBe('/soil-tests'));
    expect(readQueue().map((q) => [q.barcode, q.userId])).toEqual([[CODE, USER.id]]);

    // Back online: the session is checked again and the queued test sent.
    online = true;
    setOnline(true);
    const meBefore = calls.filter((c) => c.path === '/api/users/me').length;
    act(() => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByText('Back online. Tests saved offline have been added: 1.')).toBeTruthy();
    expect(posted).toEqual([
      expect.objectContaining({ barcode: CODE, gardenName: 'Vegetable patch', plantId: 'TOMATO' }),
    ]);
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/users/me').length).toBeGreaterThan(meBefore),
    );
    expect(screen.queryByText(/You are offline/)).toBeNull();
  });

  it('without a kept user of this session (another account’s, or none) it shows the server error page as before', async () => {
    localStorage.setItem(LAST_USER_KEY, JSON.stringify({ ...USER, id: 'someone-else' }));
    setOnline(false);
    mockApi({ 'GET /api/users/me': offline, 'GET /api/notifications/in-app/unseen/count': offline });
    renderApp('/', { signedIn: true, accessToken: jwt(USER.id) });
    expect(
      await screen.findByText('The server is not responding', undefined, { timeout: 8000 }),
    ).toBeTruthy();
  });

  it('forgets the kept user at sign-out; reads the subject of a base64url token', () => {
    localStorage.setItem(LAST_USER_KEY, JSON.stringify(USER));
    useSessionStore.getState().signOut();
    expect(localStorage.getItem(LAST_USER_KEY)).toBeNull();
    // This subject encodes with the base64url-only characters (- and _).
    expect(jwt('>>>???>>>???').split('.')[1]).toMatch(/[-_]/);
    expect(tokenSubject(jwt('>>>???>>>???'))).toBe('>>>???>>>???');
    expect(tokenSubject('not-a-token')).toBeNull();
    expect(tokenSubject(null)).toBeNull();
  });
});
