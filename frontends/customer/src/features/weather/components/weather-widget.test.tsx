import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER, errorBody, mockApi, renderApp } from '../../../testing/render-app';
import { ONBOARDING_DONE_KEY } from '../../../lib/onboarding-rules';
import {
  choosePlace,
  DEFAULT_PLACE,
  DEVICE_PLACE_KEY,
  plotCentre,
  weatherGroup,
} from '../rules/weather-rules';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const day = (
  date: string,
  weatherCode: number,
  tempMaxC: number,
  tempMinC: number,
  precipitationMm: number,
) => ({ date, weatherCode, tempMaxC, tempMinC, precipitationMm, precipitationProbability: 60 });
const WEATHER = {
  lat: 52.2,
  lon: 21.6,
  fetchedAt: '2026-11-22T08:00:00.000Z',
  current: {
    time: '2026-11-22T09:00',
    temperatureC: 4.5,
    precipitationMm: 0.2,
    weatherCode: 61,
    windKmh: 12,
  },
  today: day('2026-11-22', 61, 6, 1, 3.4),
  outlook: [day('2026-11-23', 0, 7, 0, 0), day('2026-11-24', 3, 5.5, -1, 0), day('2026-11-25', 71, 1, -4, 2)],
};
const PLOT = {
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [21.58, 52.16],
        [21.6, 52.16],
        [21.6, 52.18],
        [21.58, 52.18],
        [21.58, 52.16],
      ],
    ],
  },
};

function dashboard(weather: unknown, plots: unknown = [PLOT]) {
  localStorage.setItem(ONBOARDING_DONE_KEY, '2026-11-01');
  return mockApi({
    'GET /api/users/me': USER,
    'GET /api/notifications/in-app/unseen/count': { unseenCount: 0 },
    'GET /api/soil-tests': [],
    'GET /api/plots': plots,
    'GET /api/weather': weather,
  });
}

describe('weather widget on the dashboard', () => {
  it('shows the current temperature, today’s precipitation and a 3-day outlook for the first plot', async () => {
    const { calls } = dashboard(WEATHER);
    renderApp('/', { signedIn: true });
    const widget = (await screen.findByRole('heading', { name: 'Weather' }, { timeout: 8000 })).closest(
      'section',
    )!;
    expect(await within(widget as HTMLElement).findByTestId('weather-now-temp')).toHaveProperty(
      'textContent',
      '4.5°C',
    );
    expect(within(widget as HTMLElement).getByText(/Precipitation today: 3\.4 mm/)).toBeTruthy();
    expect(within(widget as HTMLElement).getAllByRole('listitem')).toHaveLength(3);
    expect(within(widget as HTMLElement).getByText('high 7°C, low 0°C')).toBeTruthy();
    expect(within(widget as HTMLElement).getByText('For your plot')).toBeTruthy();
    const asked = calls.find((c) => c.path === '/api/weather')!;
    expect(asked.url.searchParams.get('lat')).toBe('52.17');
    expect(asked.url.searchParams.get('lon')).toBe('21.59');
  });

  it('speaks Polish and Ukrainian too', async () => {
    dashboard(WEATHER);
    renderApp('/', { signedIn: true, lang: 'uk' });
    expect(await screen.findByText(/Опади сьогодні: 3,4 мм/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Погода' })).toBeTruthy();
  });

  it('shows the localized error when the provider is down, and tries again on demand', async () => {
    let down = true;
    dashboard(() => (down ? errorBody(503, 'weatherUnavailable', 'down') : WEATHER), []);
    renderApp('/', { signedIn: true, lang: 'pl' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Prognoza pogody jest chwilowo niedostępna');
    expect(screen.getByText(/Dla środka Polski/)).toBeTruthy();
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByTestId('weather-now-temp')).toBeTruthy();
  });

  it('uses the location the user shares', async () => {
    const { calls } = dashboard(WEATHER, []);
    Object.defineProperty(navigator, 'geolocation', {
      configurable: true,
      value: {
        getCurrentPosition: (ok: (p: { coords: { latitude: number; longitude: number } }) => void) =>
          ok({ coords: { latitude: 50.06, longitude: 19.94 } }),
      },
    });
    renderApp('/', { signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    await waitFor(() =>
      expect(calls.some((c) => c.path === '/api/weather' && c.url.searchParams.get('lat') === '50.06')).toBe(
        true,
      ),
    );
    expect(await screen.findByText('For your location')).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(DEVICE_PLACE_KEY)!)).toEqual({ lat: 50.06, lon: 19.94 });
  });
});

describe('weather rules', () => {
  it('groups WMO codes', () => {
    expect([0, 1, 3, 45, 53, 63, 75, 81, 95].map(weatherGroup)).toEqual([
      'clear',
      'partly',
      'overcast',
      'fog',
      'drizzle',
      'rain',
      'snow',
      'showers',
      'thunder',
    ]);
  });

  it('places the forecast: shared location, else the first plot, else central Poland', () => {
    const store = (v: string | null) => ({ getItem: () => v });
    expect(choosePlace([PLOT as never], store(JSON.stringify({ lat: 50, lon: 20 })))).toEqual({
      lat: 50,
      lon: 20,
      source: 'device',
    });
    expect(choosePlace([PLOT as never], store('not json'))).toMatchObject({ source: 'plot' });
    expect(choosePlace([], store(JSON.stringify({ lat: 500, lon: 20 })))).toEqual(DEFAULT_PLACE);
    expect(plotCentre(PLOT as never)).toEqual({
      lat: expect.closeTo(52.17, 5),
      lon: expect.closeTo(21.59, 5),
    });
  });
});
