import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, location, mockApi, renderApp } from '../../../testing/render-app';
import { isOnboardingDone, missingProfileFields, ONBOARDING_DONE_KEY } from '../../../lib/onboarding-rules';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

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

const api = (user: Record<string, unknown> = USER) =>
  mockApi({
    'GET /api/users/me': user,
    'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
    'GET /api/soil-tests': [],
    'GET /api/plots': [],
    'GET /api/weather': {},
    'GET /api/users/me/survey': { surveyType: 'ONBOARDING', answers: [] },
    'PUT /api/users/me/survey': (r: { body: unknown }) => ({
      surveyType: 'ONBOARDING',
      ...(r.body as object),
    }),
  });

const wizard = async () =>
  (await screen.findByRole('heading', { name: 'Welcome to Gleba' }, { timeout: 8000 })).closest(
    'section',
  ) as HTMLElement;

describe('farm onboarding wizard', () => {
  it('greets a new user on the dashboard with the guide character and walks farm data, first plot, sampling', async () => {
    viewport(1280);
    api({ ...USER, phoneNumber: null, isDataComplete: false });
    renderApp('/', { signedIn: true });
    const w = await wizard();
    expect(within(w).getByRole('img', { name: /Lumbi the earthworm/ })).toBeTruthy();
    expect(within(w).getByText('Step 1 of 5')).toBeTruthy();
    expect(within(w).getByRole('heading', { name: "Hi, I'm Lumbi!" })).toBeTruthy();
    await userEvent.click(within(w).getByRole('button', { name: 'Next' }));
    expect(within(w).getByText('Still missing: phone, address.')).toBeTruthy();
    expect(within(w).getByRole('link', { name: 'Complete your data' }).getAttribute('href')).toBe(
      '/my-account',
    );
    await userEvent.click(within(w).getByRole('button', { name: 'Next' }));
    expect(within(w).getByRole('link', { name: 'Go to the map' }).getAttribute('href')).toBe('/map');
    await userEvent.click(within(w).getByRole('button', { name: 'Next' }));
    expect(
      within(w).getByText(/5 to 15 punctures per sample \(one sample per sector\), about 20 cm deep/),
    ).toBeTruthy();
    expect(within(w).getByRole('link', { name: 'Read the guide' }).getAttribute('href')).toBe(
      '/how-to-sample',
    );
    await userEvent.click(within(w).getByRole('button', { name: 'Back' }));
    expect(within(w).getByText('Step 3 of 5')).toBeTruthy();
    await userEvent.click(within(w).getByRole('button', { name: 'Next' }));
    await userEvent.click(within(w).getByRole('button', { name: 'Next' }));
    expect(within(w).getByText('Step 5 of 5')).toBeTruthy();
    await userEvent.click(within(w).getByRole('button', { name: "Let's start" }));
    expect(screen.queryByRole('heading', { name: 'Welcome to Gleba' })).toBeNull();
    expect(localStorage.getItem(ONBOARDING_DONE_KEY)).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Gleba guide' }).getAttribute('href')).toBe('/onboarding');
  });

  it('on a phone the first-plot step shows the desktop-only notice instead of the map link', async () => {
    viewport(375);
    api();
    renderApp('/', { signedIn: true, lang: 'pl' });
    const w = (await screen.findByRole('heading', { name: 'Witaj w Gleba' })).closest(
      'section',
    ) as HTMLElement;
    await userEvent.click(within(w).getByRole('button', { name: 'Dalej' }));
    await userEvent.click(within(w).getByRole('button', { name: 'Dalej' }));
    expect(within(w).getByRole('note').textContent).toContain('na komputerze');
    expect(within(w).queryByRole('link', { name: 'Przejdź do mapy' })).toBeNull();
  });

  it('is shown once: skipping keeps it closed on the next visit', async () => {
    viewport(1280);
    api();
    const first = renderApp('/', { signedIn: true });
    await userEvent.click(within(await wizard()).getByRole('button', { name: 'Skip' }));
    first.unmount();
    api();
    renderApp('/', { signedIn: true });
    expect(await screen.findByRole('link', { name: 'Gleba guide' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Welcome to Gleba' })).toBeNull();
  });

  it('is reachable again at /onboarding (Ukrainian) and finishing returns to the dashboard', async () => {
    viewport(1280);
    api();
    localStorage.setItem(ONBOARDING_DONE_KEY, 'x');
    renderApp('/onboarding', { signedIn: true, lang: 'uk' });
    const w = (await screen.findByRole('heading', { level: 2, name: 'Вітаємо в Gleba' })).closest(
      'section',
    ) as HTMLElement;
    expect(within(w).getByRole('heading', { name: 'Привіт, я Лумбі!' })).toBeTruthy();
    await userEvent.click(within(w).getByRole('button', { name: 'Пропустити' }));
    expect(location()).toBe('/');
  });

  it('following a link out of the wizard (the guide) counts as seen', async () => {
    viewport(1280);
    api();
    renderApp('/', { signedIn: true });
    const w = await wizard();
    for (let i = 0; i < 3; i++) await userEvent.click(within(w).getByRole('button', { name: 'Next' }));
    await userEvent.click(within(w).getByRole('link', { name: 'Read the guide' }));
    expect(
      await screen.findByText('5–15 punctures per sample (one sample per sector)', undefined, {
        timeout: 8000,
      }),
    ).toBeTruthy();
    expect(localStorage.getItem(ONBOARDING_DONE_KEY)).not.toBeNull();
  });

  it('is linked from the account page, with the sampling guide', async () => {
    viewport(1280);
    api();
    renderApp('/my-account', { signedIn: true });
    expect(
      (await screen.findByRole('link', { name: 'Gleba guide' }, { timeout: 8000 })).getAttribute('href'),
    ).toBe('/onboarding');
    expect(screen.getByRole('link', { name: 'How to take samples?' }).getAttribute('href')).toBe(
      '/how-to-sample',
    );
  });

  it('the optional survey: answers chosen per question, saved together, one answer where one is asked', async () => {
    viewport(1280);
    const { calls } = api();
    localStorage.setItem(ONBOARDING_DONE_KEY, 'x');
    renderApp('/onboarding', { signedIn: true, lang: 'pl' });
    const w = (await screen.findByRole('heading', { level: 2, name: 'Witaj w Gleba' })).closest(
      'section',
    ) as HTMLElement;
    for (let i = 0; i < 4; i++) await userEvent.click(within(w).getByRole('button', { name: 'Dalej' }));
    const form = within(w).getByRole('form', { name: 'Krótka ankieta (nieobowiązkowa)' });
    const heard = within(form).getByRole('group', { name: 'Skąd wiesz o Gleba?' });
    await userEvent.click(within(heard).getByRole('radio', { name: 'Od znajomego' }));
    await userEvent.click(within(heard).getByRole('radio', { name: 'Od doradcy rolnego' }));
    const grows = within(form).getByRole('group', { name: 'Co uprawiasz? (możesz wybrać kilka)' });
    await userEvent.click(within(grows).getByRole('checkbox', { name: 'Zboża' }));
    await userEvent.click(within(grows).getByRole('checkbox', { name: 'Rzepak' }));
    await userEvent.click(within(form).getByRole('radio', { name: '20–50 ha' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Zapisz odpowiedzi' }));
    expect(await within(form).findByText('Dziękujemy, zapisaliśmy odpowiedzi.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/api/users/me/survey');
    expect(put?.body).toEqual({
      answers: [
        { questionKey: 'heardFrom', answerKey: 'advisor' },
        { questionKey: 'grows', answerKey: 'cereals' },
        { questionKey: 'grows', answerKey: 'rapeseed' },
        { questionKey: 'farmSize', answerKey: 'from20to50' },
      ],
    });
  });

  it('rules: missing profile data and the stored flag', () => {
    expect(
      missingProfileFields({ firstName: 'A', lastName: 'B', phoneNumber: '+48', isDataComplete: true }),
    ).toEqual([]);
    expect(
      missingProfileFields({ firstName: ' ', lastName: 'B', phoneNumber: null, isDataComplete: false }),
    ).toEqual(['onboarding.fieldName', 'onboarding.fieldPhone', 'onboarding.fieldAddress']);
    expect(isOnboardingDone({ getItem: () => null })).toBe(false);
    expect(
      isOnboardingDone({
        getItem: () => {
          throw new Error('blocked');
        },
      }),
    ).toBe(true);
  });

  it('the farm step saves the farming activity and the total area (hectares typed, square metres kept)', async () => {
    viewport(1280);
    const { calls } = mockApi({
      'GET /api/users/me': USER,
      'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
      'GET /api/soil-tests': [],
      'GET /api/plots': [],
      'GET /api/weather': {},
      'GET /api/farm': null,
      'PUT /api/farm': ({ body }: { body: Record<string, unknown> }) => ({
        ...body,
        userId: 'u1',
        createdAt: '2026-11-26T00:00:00Z',
        updatedAt: '2026-11-26T00:00:00Z',
      }),
    });
    renderApp('/', { signedIn: true, lang: 'pl' });
    const w = (await screen.findByRole('heading', { name: 'Witaj w Gleba' }, { timeout: 8000 })).closest(
      'section',
    ) as HTMLElement;
    await userEvent.click(within(w).getByRole('button', { name: 'Dalej' }));
    const form = within(w).getByRole('form', { name: 'Dane gospodarstwa' });
    // Empty: required; negative: refused; nothing sent.
    await userEvent.click(within(form).getByRole('button', { name: 'Zapisz dane gospodarstwa' }));
    expect(within(form).getByText('To pole jest wymagane.')).toBeTruthy();
    await userEvent.type(within(form).getByLabelText('Łączna powierzchnia gospodarstwa (ha)'), '-3');
    await userEvent.click(within(form).getByRole('button', { name: 'Zapisz dane gospodarstwa' }));
    expect(within(form).getByText('Powierzchnia nie może być ujemna.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    await userEvent.clear(within(form).getByLabelText('Łączna powierzchnia gospodarstwa (ha)'));
    await userEvent.type(within(form).getByLabelText('Łączna powierzchnia gospodarstwa (ha)'), '12,5');
    await userEvent.click(within(form).getByLabelText('Prowadzę działalność rolniczą'));
    await userEvent.click(within(form).getByRole('button', { name: 'Zapisz dane gospodarstwa' }));
    expect(await within(form).findByText('Dane gospodarstwa zapisane.')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/api/farm');
    expect(put?.body).toEqual({ farmingActivity: true, totalAreaM2: 125_000, address: {} });
  });
});
