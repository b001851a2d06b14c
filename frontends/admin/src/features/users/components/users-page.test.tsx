import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN, mockApi, renderApp } from '../../../testing/render-app';

const FARMER = {
  ...ADMIN,
  id: '1b7c0e6e-7a8e-4a55-9d1a-3f1d2f7f0a01',
  firstName: 'Jan',
  lastName: 'Kowalski',
  email: 'jan@example.pl',
  role: 'USER',
};

describe('users', () => {
  it('searches, suspends with a reason and reinstates', async () => {
    let enabled = true;
    const { calls } = mockApi({
      'GET /farm-api/users/me': ADMIN,
      'GET /farm-api/users': () => ({
        items: [{ ...FARMER, isEnabled: enabled }],
        meta: { page: 1, perPage: 20, total: 1, next: null, prev: null },
      }),
      [`POST /farm-api/users/${FARMER.id}/suspend`]: () => {
        enabled = false;
        return { ...FARMER, isEnabled: false };
      },
      [`POST /farm-api/users/${FARMER.id}/reinstate`]: () => {
        enabled = true;
        return FARMER;
      },
    });
    renderApp('/users', { signedIn: true, mode: 'farm' });
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Search' }), 'kowal');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(
        calls.some((c) => c.path === '/farm-api/users' && c.url.searchParams.get('search') === 'kowal'),
      ).toBe(true),
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Suspend' }));
    await userEvent.type(screen.getByLabelText('Reason (optional)'), 'spam');
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('button', { name: 'Reinstate' })).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/suspend'))?.body).toEqual({ reason: 'spam' });
    expect(screen.getByRole('cell', { name: 'Suspended' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Reinstate' }));
    expect(await screen.findByRole('button', { name: 'Suspend' })).toBeTruthy();
  });
});

describe('onboarding survey counts', () => {
  it('lists every question and answer with how many people gave it, in Polish', async () => {
    mockApi({
      'GET /garden-api/users/me': ADMIN,
      'GET /garden-api/users': {
        items: [],
        meta: { page: 1, perPage: 20, total: 0, next: null, prev: null },
      },
      'GET /garden-api/users/survey/ONBOARDING': {
        surveyType: 'ONBOARDING',
        respondents: 3,
        questions: [
          {
            questionKey: 'heardFrom',
            answers: [
              { answerKey: 'advisor', count: 2 },
              { answerKey: 'friend', count: 1 },
            ],
          },
          { questionKey: 'farmSize', answers: [{ answerKey: 'over100', count: 0 }] },
        ],
      },
    });
    renderApp('/users', { signedIn: true, mode: 'garden', lang: 'pl' });
    expect(await screen.findByRole('heading', { name: 'Ankieta powitalna' })).toBeTruthy();
    expect(await screen.findByText('Odpowiedzi udzieliło: 3')).toBeTruthy();
    const heard = screen.getByRole('table', { name: 'Skąd wiesz o Gleba?' });
    expect(heard.textContent).toContain('Od doradcy rolnego2');
    expect(heard.textContent).toContain('Od znajomego1');
    expect(
      screen.getByRole('table', { name: 'Jaka jest powierzchnia Twojego gospodarstwa?' }).textContent,
    ).toContain('Ponad 100 ha0');
  });
});
