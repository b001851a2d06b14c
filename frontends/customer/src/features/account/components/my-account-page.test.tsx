import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, errorBody, mockApi, renderApp } from '../../../testing/render-app';

afterEach(() => vi.unstubAllGlobals());

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('my account', () => {
  it('saves the profile with PATCH and falls back to POST on a 404', async () => {
    const { calls } = mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/users/profile': errorBody(404, 'profileNotFound'),
      'PATCH /api/users/profile': errorBody(404, 'profileNotFound'),
      'POST /api/users/profile': ({ body }: { body: Record<string, unknown> }) => ({ ...body, isDataComplete: true, updatedAt: '2026-11-22T00:00:00Z' }),
    });
    renderApp('/my-account', { signedIn: true });
    expect(await screen.findByRole('heading', { name: 'Your data' })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Anna'));
    fill('Voivodeship', 'MASOVIAN');
    fill('City', 'Warszawa');
    fill('Post code', '00-001');
    fill('Street', 'Polna');
    fill('Building no.', '1');
    await userEvent.click(screen.getByRole('button', { name: 'Save the data' }));
    expect(await screen.findByText('Your data has been saved.')).toBeTruthy();
    const writes = calls.filter((c) => c.path === '/api/users/profile' && c.method !== 'GET');
    expect(writes.map((c) => c.method)).toEqual(['PATCH', 'POST']);
    expect(writes[1]!.body).toMatchObject({
      serviceRole: 'PERSONAL',
      personalData: { firstName: 'Anna', lastName: 'Nowak', address: { voivodeship: 'MASOVIAN', postCode: '00-001', apartmentNumber: null } },
      businessData: null,
    });
  });

  it('validates the post code before sending', async () => {
    const { calls } = mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/users/profile': errorBody(404, 'profileNotFound'),
    });
    renderApp('/my-account', { signedIn: true });
    await waitFor(() => expect((screen.getByLabelText('First name') as HTMLInputElement).value).toBe('Anna'));
    fill('Voivodeship', 'MASOVIAN');
    fill('City', 'Warszawa');
    fill('Post code', '00001');
    fill('Street', 'Polna');
    fill('Building no.', '1');
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
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH' && c.path === '/api/users/me')?.body).toEqual({ language: 'uk' }));
  });
});
