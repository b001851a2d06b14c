import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, mockApi, renderApp } from '../../testing/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Pretends the window is `width` px wide for `(max-width: 767px)`. */
function viewport(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: /max-width:\s*767px/.test(query) && width <= 767,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

const api = (unseenCount: number) =>
  mockApi({
    'GET /api/users/me': USER,
    'GET /api/notifications/in-app/unseen/count': { unseenCount },
    'GET /api/soil-tests': [],
  });

describe('layout', () => {
  it('below 768 px shows a top bar with the notifications badge and a menu with the language switcher', async () => {
    viewport(500);
    api(4);
    renderApp('/', { signedIn: true });
    expect(await screen.findByLabelText('Unread notifications: 4')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Main page', 'My tests', 'My orders', 'Field map', 'My account', 'Log out'])
      expect(within(menu).getByRole('link', { name })).toBeTruthy();
    await userEvent.click(within(menu).getByRole('button', { name: 'Polski' }));
    expect(localStorage.getItem('lang')).toBe('pl');
  });

  it('below 768 px a page without the menu (results) still offers the language switcher, as on a desktop', async () => {
    viewport(375);
    api(0);
    renderApp('/soil-tests/5c1d8a3e-2b4f-4e6a-9c7d-1a2b3c4d5e6f/results', { signedIn: true });
    expect(await screen.findByRole('link', { name: 'Back' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Polski' }));
    expect(localStorage.getItem('lang')).toBe('pl');
  });

  it('below 768 px the bell is a drawn icon (no emoji that a font may lack)', async () => {
    viewport(500);
    api(2);
    renderApp('/', { signedIn: true });
    const bell = await screen.findByRole('link', { name: 'Notifications' });
    expect(bell.querySelector('svg[aria-hidden="true"]')).toBeTruthy();
    expect(bell.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('Escape closes the mobile menu and puts focus back on its button', async () => {
    viewport(500);
    api(0);
    const user = userEvent.setup();
    renderApp('/', { signedIn: true });
    const button = await screen.findByRole('button', { name: 'Menu' });
    await user.click(button);
    const menu = screen.getByRole('navigation', { name: 'Main navigation' });
    within(menu).getByRole('link', { name: 'My tests' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('on a desktop shows the sidebar without brackets when nothing is unseen', async () => {
    viewport(1280);
    api(0);
    renderApp('/', { signedIn: true });
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My orders' }).getAttribute('href')).toBe('/orders');
    expect(screen.queryByRole('button', { name: 'Menu' })).toBeNull();
  });

  it('scrolls to the top on a route change', async () => {
    viewport(1280);
    api(0);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderApp('/', { signedIn: true });
    await screen.findByRole('heading', { name: 'Hello, Anna!' });
    const before = scrollTo.mock.calls.length;
    await userEvent.click(screen.getByRole('link', { name: 'My tests' }));
    await waitFor(() => expect(scrollTo.mock.calls.length).toBeGreaterThan(before));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
  });
});

describe('live notifications', () => {
  it('the badge follows a notification that arrives while the app is open (long poll on in-app/changes)', async () => {
    viewport(500);
    let unseen = 1;
    const polls: string[] = [];
    let arrive: () => void = () => {};
    const { calls } = mockApi({
      'GET /api/users/me': USER,
      'GET /api/soil-tests': [],
      'GET /api/notifications/in-app/unseen/count': () => ({ unseenCount: unseen }),
      'GET /api/notifications/in-app/changes': ({ url }: { url: URL }) => {
        const after = url.searchParams.get('after');
        polls.push(after ?? '');
        if (!after) return { cursor: '100-1', unseenCount: 1 };
        if (after === '100-1') {
          // Held like the server holds it, until a notification arrives.
          return new Promise((resolve) => {
            arrive = () => {
              unseen = 2;
              resolve({ cursor: '200-2', unseenCount: 2 });
            };
          });
        }
        return new Promise(() => {});
      },
    });
    renderApp('/', { signedIn: true });
    expect(await screen.findByLabelText('Unread notifications: 1')).toBeTruthy();
    await waitFor(() => expect(polls).toEqual(['', '100-1']));
    expect(
      calls.find((c) => c.url.searchParams.get('after') === '100-1')!.url.searchParams.get('waitMs'),
    ).toBe('10000');
    arrive();
    expect(await screen.findByLabelText('Unread notifications: 2')).toBeTruthy();
    await waitFor(() => expect(polls).toEqual(['', '100-1', '200-2']));
  });
});
