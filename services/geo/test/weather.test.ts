import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestKeys, dropTestDatabases, http, startTestService, type TestService } from '@gleba/testkit';
import { simulatedDay, startOpenMeteoSimulator, type OpenMeteoSimulatorHandle } from '@gleba/simulators';
import type { TErrorBody, TWeather } from '@gleba/contracts';
import type { Config } from '../src/config';
import type { Database } from '../src/db/database';
import { geoService } from '../src/service';
import { openMeteoProvider, WeatherProviderError } from '../src/adapters/open-meteo.provider';
import { weatherService } from '../src/app/weather';
import { ZWeatherSettings } from '../src/weather-settings';

describe('weather: GET /api/weather through geo against the Open-Meteo simulator', () => {
  let service: TestService<Database, Config>;
  let sim: OpenMeteoSimulatorHandle;
  const keys = createTestKeys();
  const user = keys.sign({ sub: '0b6c1f7e-3333-4a4a-8a8a-000000000003' });
  const api = <T>(path: string, options: { token?: string; headers?: Record<string, string> } = {}) =>
    http<T>(service.url, 'GET', path, options);

  beforeAll(async () => {
    sim = await startOpenMeteoSimulator({ port: 0 });
    service = await startTestService(geoService, {
      keys: keys.resolver,
      config: { OPEN_METEO_URL: sim.url, OPEN_METEO_TIMEOUT_MS: 500, TERC_SEED_FILE: '' },
    });
  });
  afterAll(async () => {
    await service?.cleanup();
    await sim?.close();
    await dropTestDatabases();
  });
  beforeEach(() => sim.recover());

  it('answers current conditions, today and a 3-day outlook for the rounded coordinates', async () => {
    const res = await api<TWeather>('/api/weather?lat=52.1717&lon=21.5896', { token: user });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lat: 52.2, lon: 21.6 });
    const day0 = simulatedDay(52.2, 21.6, 0);
    expect(res.body.today).toMatchObject({
      weatherCode: day0.weather_code,
      tempMaxC: day0.temperature_2m_max,
      precipitationMm: day0.precipitation_sum,
    });
    expect(res.body.outlook).toHaveLength(3);
    expect(res.body.outlook[0]!.tempMinC).toBe(simulatedDay(52.2, 21.6, 1).temperature_2m_min);
    expect(res.body.outlook.map((d) => d.date)).toEqual([...res.body.outlook.map((d) => d.date)].sort());
    expect(typeof res.body.current.temperatureC).toBe('number');
    const asked = new URL(sim.requests.at(-1)!, sim.url);
    expect(asked.pathname).toBe('/v1/forecast');
    expect(asked.searchParams.get('latitude')).toBe('52.2');
    expect(asked.searchParams.get('timezone')).toBe('Europe/Warsaw');
    expect(asked.searchParams.get('daily')).toContain('precipitation_sum');
  });

  it('serves nearby coordinates from the cache (one provider call per rounded point)', async () => {
    const before = sim.requests.length;
    await api('/api/weather?lat=50.061&lon=19.938', { token: user });
    await api('/api/weather?lat=50.12&lon=19.88', { token: user });
    expect(sim.requests.length).toBe(before + 1);
    await api('/api/weather?lat=50.16&lon=19.94', { token: user });
    expect(sim.requests.length).toBe(before + 2);
  });

  it('refuses bad coordinates with a localized validation error and asks the provider nothing', async () => {
    const before = sim.requests.length;
    for (const q of ['lat=95&lon=20', 'lat=abc&lon=20', 'lon=20', 'lat=52&lon=-181']) {
      const res = await api<TErrorBody>(`/api/weather?${q}`, { token: user });
      expect(res.status, q).toBe(400);
      expect(res.body.code).toBe('validationFailed');
    }
    expect(sim.requests.length).toBe(before);
  });

  it('needs a signed-in user', async () => {
    expect((await api('/api/weather?lat=52&lon=21')).status).toBe(401);
  });

  it('answers weatherUnavailable (503) in the request language when the provider is down', async () => {
    for (const kind of ['http500', 'malformed', 'timeout'] as const) {
      sim.failAll(kind);
      const res = await api<TErrorBody>(`/api/weather?lat=49.${kind.length}&lon=22.1`, {
        token: user,
        headers: { 'accept-language': 'uk' },
      });
      expect(res.status, kind).toBe(503);
      expect(res.body.code).toBe('weatherUnavailable');
      expect(res.body.message).toContain('Прогноз погоди');
    }
    sim.recover();
    expect((await api('/api/weather?lat=49.5&lon=22.1', { token: user })).status).toBe(200);
  });
});

describe('weather cache rules', () => {
  let sim: OpenMeteoSimulatorHandle;
  beforeAll(async () => {
    sim = await startOpenMeteoSimulator({ port: 0 });
  });
  afterAll(async () => {
    await sim?.close();
  });

  const setup = (minutes = 30, staleHours = 6) => {
    let clock = Date.parse('2026-06-01T10:00:00Z');
    const provider = openMeteoProvider({ baseUrl: sim.url, timeoutMs: 500 });
    const settings = ZWeatherSettings.parse({
      WEATHER_CACHE_MINUTES: minutes,
      WEATHER_STALE_HOURS: staleHours,
    });
    const weather = weatherService({ provider, settings, now: () => clock });
    return { weather, advance: (ms: number) => void (clock += ms) };
  };

  it('asks again after the TTL', async () => {
    const { weather, advance } = setup(30);
    const before = sim.requests.length;
    await weather.forecast(51.1, 17.0);
    advance(29 * 60_000);
    await weather.forecast(51.1, 17.0);
    expect(sim.requests.length).toBe(before + 1);
    advance(2 * 60_000);
    await weather.forecast(51.1, 17.0);
    expect(sim.requests.length).toBe(before + 2);
  });

  it('sends one provider call for concurrent requests of the same point', async () => {
    const { weather } = setup();
    const before = sim.requests.length;
    await Promise.all([
      weather.forecast(53.4, 14.5),
      weather.forecast(53.41, 14.52),
      weather.forecast(53.38, 14.49),
    ]);
    expect(sim.requests.length).toBe(before + 1);
  });

  it('serves an expired forecast while the provider is down, within the stale limit only', async () => {
    const { weather, advance } = setup(30, 6);
    const first = await weather.forecast(54.3, 18.6);
    advance(60 * 60_000);
    sim.failAll('http500');
    expect(await weather.forecast(54.3, 18.6)).toEqual(first);
    advance(6 * 3_600_000);
    await expect(weather.forecast(54.3, 18.6)).rejects.toMatchObject({
      code: 'weatherUnavailable',
      statusCode: 503,
    });
    sim.recover();
  });

  it('reports the provider failures by kind', async () => {
    const provider = openMeteoProvider({ baseUrl: sim.url, timeoutMs: 300 });
    sim.failNext('malformed');
    await expect(provider.forecast(52, 21)).rejects.toMatchObject({ kind: 'malformed' });
    sim.failNext('http500');
    await expect(provider.forecast(52, 21)).rejects.toMatchObject({ kind: 'unavailable' });
    sim.failNext('timeout');
    await expect(provider.forecast(52, 21)).rejects.toMatchObject({ kind: 'timeout' });
    const down = openMeteoProvider({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 300 });
    await expect(down.forecast(52, 21)).rejects.toBeInstanceOf(WeatherProviderError);
  });
});
