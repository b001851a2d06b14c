import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, mockApi, renderApp, location } from '../../../testing/render-app';
import { ONBOARDING_DONE_KEY } from '../../../lib/onboarding-rules';

afterEach(() => vi.unstubAllGlobals());

const api = () =>
  mockApi({
    'GET /api/users/me': USER,
    'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
    'GET /api/soil-tests': [],
    'GET /api/plots': [],
    'GET /api/weather': {},
  });

describe('how-to-sample guide', () => {
  it('states the spec’s sampling rules with illustrations, under a translated title with a back link to /', async () => {
    api();
    renderApp('/how-to-sample', { signedIn: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'How to take soil samples' }, { timeout: 8000 }),
    ).toBeTruthy();
    const facts = screen.getByRole('complementary', { name: 'In short' });
    for (const fact of [
      '5–15 punctures per sample (one sample per sector)',
      'about 20 cm deep',
      'without the top 2–3 cm',
      'about 1 kg of soil',
      'send within 4 days',
    ])
      expect(within(facts).getByText(fact)).toBeTruthy();
    expect(screen.getByText(/5 to 15 spots/)).toBeTruthy();
    expect(screen.getByText(/Discard the top 2–3 cm/)).toBeTruthy();
    expect(screen.getByText(/no later than 4 days/)).toBeTruthy();
    expect(screen.getAllByRole('img').length).toBeGreaterThanOrEqual(4);
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/');
  });

  it('in Polish and Ukrainian', async () => {
    api();
    renderApp('/how-to-sample', { signedIn: true, lang: 'pl' });
    expect(await screen.findByText('5–15 nakłuć na próbkę (jedna próbka z sektora)')).toBeTruthy();
    expect(screen.getByText(/Wierzchnią warstwę 2–3 cm/)).toBeTruthy();
  });

  it('is linked from the dashboard', async () => {
    api();
    localStorage.setItem(ONBOARDING_DONE_KEY, 'x');
    renderApp('/', { signedIn: true, lang: 'uk' });
    await userEvent.click(await screen.findByRole('link', { name: 'Як відібрати зразки?' }));
    expect(await screen.findByText('5–15 проколів на зразок (один зразок із сектора)')).toBeTruthy();
    expect(location()).toBe('/how-to-sample');
  });
});
