import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, emptyPage, errorBody, mockApi, renderApp } from '../testing/render-app';
import { apiBaseFor } from '../stores/mode-store';

describe('mode switch', () => {
  it('maps farm and garden to their API bases', () => {
    expect(apiBaseFor('farm')).toBe('/farm-api');
    expect(apiBaseFor('garden')).toBe('/garden-api');
  });

  it('stores the chosen mode in local storage and calls the garden API afterwards', async () => {
    const { calls } = mockApi({
      'POST /farm-api/auth/admin/login': errorBody(401, 'invalidCredentials', 'Invalid e-mail or password.'),
      'POST /garden-api/auth/admin/login': errorBody(
        401,
        'invalidCredentials',
        'Invalid e-mail or password.',
      ),
    });
    renderApp('/');
    expect(localStorage.getItem('mode')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Garden' }));
    expect(localStorage.getItem('mode')).toBe('garden');
    expect(screen.getByRole('button', { name: 'Garden' }).getAttribute('aria-pressed')).toBe('true');
    await userEvent.type(screen.getByLabelText('E-mail'), 'admin@gleba.local');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByText('Invalid e-mail or password.');
    expect(calls.map((c) => c.path)).toEqual(['/garden-api/auth/admin/login']);
  });

  it('signed in: switching mode reloads the orders from the other base', async () => {
    const { calls } = mockApi({
      'GET /farm-api/users/me': ADMIN,
      'GET /garden-api/users/me': ADMIN,
      'GET /farm-api/orders': emptyPage,
      'GET /garden-api/orders': emptyPage,
    });
    renderApp('/orders', { signedIn: true, mode: 'farm' });
    await waitFor(() => expect(calls.some((c) => c.path === '/farm-api/orders')).toBe(true));
    await userEvent.click(screen.getByRole('button', { name: 'Garden' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/garden-api/orders')).toBe(true));
    expect(localStorage.getItem('mode')).toBe('garden');
  });

  it('the unseen-count query runs only while the mode key is absent', async () => {
    const routes = {
      'GET /farm-api/users/me': ADMIN,
      'GET /farm-api/orders': emptyPage,
      'GET /farm-api/notifications/in-app/unseen/count': { unseenCount: 3 },
    };
    const absent = mockApi(routes);
    const view = renderApp('/orders', { signedIn: true });
    expect(await screen.findByText('Unseen: 3')).toBeTruthy();
    expect(absent.calls.filter((c) => c.path.endsWith('/unseen/count'))).toHaveLength(1);
    view.unmount();
    localStorage.clear();

    const present = mockApi(routes);
    renderApp('/orders', { signedIn: true, mode: 'farm' });
    await screen.findByRole('heading', { name: 'Orders' });
    await waitFor(() => expect(present.calls.some((c) => c.path === '/farm-api/orders')).toBe(true));
    expect(present.calls.filter((c) => c.path.endsWith('/unseen/count'))).toHaveLength(0);
  });
});
