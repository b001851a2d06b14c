import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '@gleba/contracts';
import { USER, errorBody, location, mockApi, renderApp } from '../../../testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const fillAddress = (postCode = '00-001') => {
  fill('Voivodeship', 'MASOVIAN');
  fill('City', 'Warszawa');
  fill('Post code', postCode);
  fill('Street', 'Polna');
  fill('Building no.', '1');
};

describe('my account', () => {
  it('a new account (the profile answered null) shows the form from the account, with no error', async () => {
    const errors = vi.spyOn(console, 'error');
    mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/users/profile': null,
      'GET /api/notifications/preferences': { items: [] },
    });
    renderApp('/my-account', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Your data' })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Anna'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('changes the password and keeps the new session it is given (every earlier one ended)', async () => {
    const { calls } = mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/users/profile': errorBody(404, 'profileNotFound'),
      'POST /api/users/me/password': { accessToken: 'access-2', refreshToken: 'refresh-2' },
    });
    renderApp('/my-account', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Your data' })).toBeTruthy();
    fill('Current password', 'Stare#Haslo1');
    fill('New password', 'Nowe#Haslo22');
    fill('Repeat the password', 'Nowe#Haslo22');
    await userEvent.click(screen.getByRole('button', { name: 'Change the password' }));
    expect(await screen.findByText('Your password has been changed.')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/users/me/password')!.body).toMatchObject({
      currentPassword: 'Stare#Haslo1',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('access-2');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
    expect(location()).toBe('/my-account');
  });

  it('saves the profile with PATCH and falls back to POST on a 404', async () => {
    const { calls } = mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/users/profile': errorBody(404, 'profileNotFound'),
      'PATCH /api/users/profile': errorBody(404, 'profileNotFound'),
      'POST /api/users/profile': ({ body }: { body: Record<string, unknown> }) => ({
        ...body,
        isDataComplete: true,
        updatedAt: '2026-11-22T00:00:00Z',
      }),
    });
    renderApp('/my-account', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Your data' })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Anna'));
    fillAddress();
    await userEvent.click(screen.getByRole('button', { name: 'Save the data' }));
    expect(await screen.findByText('Your data has been saved.')).toBeTruthy();
    const writes = calls.filter((c) => c.path === '/api/users/profile' && c.method !== 'GET');
    expect(writes.map((c) => c.method)).toEqual(['PATCH', 'POST']);
    expect(writes[1]!.body).toMatchObject({
      serviceRole: 'PERSONAL',
      personalData: {
        firstName: 'Anna',
        lastName: 'Nowak',
        address: { voivodeship: 'MASOVIAN', postCode: '00-001', apartmentNumber: null },
      },
      businessData: null,
    });
  });

  it('goes back to the flow that sent the user here once the data is saved (?returnTo, paths of this app only)', async () => {
    const profileBody = ({ body }: { body: Record<string, unknown> }) => ({
      ...body,
      isDataComplete: true,
      updatedAt: '2026-11-22T00:00:00Z',
    });
    const routes = {
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/users/profile': errorBody(404, 'profileNotFound'),
      'PATCH /api/users/profile': errorBody(404, 'profileNotFound'),
      'POST /api/users/profile': profileBody,
    };
    const saveFrom = async (path: string) => {
      mockApi(routes);
      const view = renderApp(path, { signedIn: true });
      await waitFor(() =>
        expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Anna'),
      );
      fillAddress();
      await userEvent.click(screen.getByRole('button', { name: 'Save the data' }));
      expect(await screen.findByText('Your data has been saved.')).toBeTruthy();
      return view;
    };
    const first = await saveFrom('/my-account?returnTo=%2Forders%2Fnew');
    await waitFor(() => expect(location()).toBe('/orders/new'));
    first.unmount();
    await saveFrom('/my-account?returnTo=%2F%2Fevil.example');
    await new Promise((r) => setTimeout(r, 50));
    expect(location()).toBe('/my-account?returnTo=%2F%2Fevil.example');
  });

  it('validates the post code before sending', async () => {
    const { calls } = mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/users/profile': errorBody(404, 'profileNotFound'),
    });
    renderApp('/my-account', { signedIn: true });
    await waitFor(() => expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Anna'));
    fillAddress('00001');
    await userEvent.click(screen.getByRole('button', { name: 'Save the data' }));
    expect(await screen.findByText('Invalid postcode (format: 00-000).')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/users/profile' && c.method !== 'GET')).toBe(false);
  });

  it('changes the language, stores it and tells the account', async () => {
    const { calls } = mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/users/profile': errorBody(404, 'profileNotFound'),
      'PATCH /api/users/me': { ...USER, language: 'uk' },
    });
    renderApp('/my-account', { signedIn: true });
    await screen.findByRole('heading', { name: 'Your data' });
    const switchers = screen.getAllByRole('button', { name: 'Українська' });
    await userEvent.click(switchers[switchers.length - 1]!);
    expect(await screen.findByRole('heading', { name: 'Ваші дані' })).toBeTruthy();
    expect(localStorage.getItem('lang')).toBe('uk');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH' && c.path === '/api/users/me')?.body).toEqual({
        language: 'uk',
      }),
    );
  });
});

describe('deleting the account', () => {
  const base = {
    'GET /api/users/me': USER,
    'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
    'GET /api/users/profile': errorBody(404, 'profileNotFound'),
    'GET /api/notifications/preferences': { items: [] },
    'GET /api/users/me/privacy-requests': [],
  };
  const erase = async () => {
    renderApp('/my-account', { signedIn: true });
    await screen.findByRole('heading', { name: 'Delete account' });
    fill('Password (confirmation)', 'Zle#Haslo123');
    await userEvent.click(screen.getByRole('button', { name: 'Delete my account for good' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account for good' }));
  };

  it('a wrong password says so in words of the deletion, not of a password change', async () => {
    mockApi({
      ...base,
      'POST /api/users/me/privacy-requests/erasure': errorBody(400, 'erasureWrongPassword'),
    });
    await erase();
    expect(
      await screen.findByText(
        'That is not the password of this account, so the account was not deleted. Enter the password you sign in with.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('The current password is wrong.')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('access-1');
  });

  it('once the erasure starts the session is dropped without a logout call (the account is disabled)', async () => {
    const { calls } = mockApi({
      ...base,
      'POST /api/users/me/privacy-requests/erasure': { confirmationSent: false, request: null },
      'POST /api/auth/logout': errorBody(403, 'accountDisabled'),
    });
    await erase();
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull());
    await waitFor(() => expect(location()).toBe('/'));
    expect(calls.some((c) => c.path === '/api/auth/logout')).toBe(false);
  });
});
