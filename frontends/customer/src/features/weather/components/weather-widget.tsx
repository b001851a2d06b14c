import { useState } from 'react';
import type { TWeatherDay } from '@gleba/contracts';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { useWeather, usePlotsForWeather } from '../api/weather';
import {
  choosePlace,
  DEVICE_PLACE_KEY,
  formatNumber,
  weatherGroup,
  weekday,
  type WeatherPlace,
} from '../rules/weather-rules';
import { WeatherIcon } from './weather-icon';
import './weather.css';

function OutlookDay({ day }: { day: TWeatherDay }) {
  const tr = useT();
  const lang = useLang();
  const group = weatherGroup(day.weatherCode);
  return (
    <li className="weather-outlook__day">
      <span className="weather-outlook__name">{weekday(day.date, lang)}</span>
      <WeatherIcon group={group} size={28} />
      <span className="visually-hidden">{tr(`weather.code_${group}`)}</span>
      <span>
        {tr('weather.tempRange', {
          max: formatNumber(day.tempMaxC, lang),
          min: formatNumber(day.tempMinC, lang),
        })}
      </span>
      <span className="muted">
        {tr('weather.precipShort', { mm: formatNumber(day.precipitationMm, lang) })}
      </span>
    </li>
  );
}

/** Dashboard widget: current temperature, today's precipitation, a 3-day outlook (Open-Meteo through geo). */
export function WeatherWidget() {
  const tr = useT();
  const lang = useLang();
  const plots = usePlotsForWeather();
  const [shared, setShared] = useState<WeatherPlace | null>(null);
  const [geoError, setGeoError] = useState(false);
  // Wait for the plots (or their failure) so the widget asks once, for the right place.
  const place = shared ?? (plots.data || plots.error ? choosePlace(plots.data) : null);
  const { data: answer, error, isLoading, mutate } = useWeather(place);
  // An answer without the expected parts (an older server, a proxy page) counts as none.
  const data = answer?.current && answer.today && Array.isArray(answer.outlook) ? answer : undefined;

  function shareLocation() {
    setGeoError(false);
    if (!('geolocation' in navigator)) return setGeoError(true);
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        const next: WeatherPlace = { lat: pos.coords.latitude, lon: pos.coords.longitude, source: 'device' };
        localStorage.setItem(DEVICE_PLACE_KEY, JSON.stringify({ lat: next.lat, lon: next.lon }));
        setShared(next);
      },
      () => setGeoError(true),
      { timeout: 10_000, maximumAge: 3_600_000 },
    );
  }

  const where =
    place?.source === 'device'
      ? 'weather.locationDevice'
      : place?.source === 'plot'
        ? 'weather.locationPlot'
        : 'weather.locationDefault';
  const group = data ? weatherGroup(data.current.weatherCode) : null;

  return (
    <section className="weather-widget card" aria-labelledby="weather-title">
      <h3 id="weather-title">{tr('weather.title')}</h3>
      {!data && !error && (isLoading || !place) && <p className="muted">{tr('weather.loading')}</p>}
      {error && !data && (
        <div role="alert" className="weather-widget__error">
          <p>{describeError(lang, error)}</p>
          <button type="button" className="gl-button gl-button--secondary" onClick={() => void mutate()}>
            {tr('weather.retry')}
          </button>
        </div>
      )}
      {data && group && (
        <>
          <div className="weather-now">
            <WeatherIcon group={group} size={48} />
            <div>
              <div className="weather-now__temp" data-testid="weather-now-temp">
                {formatNumber(data.current.temperatureC, lang)}°C
              </div>
              <div>
                {tr('weather.now')}: {tr(`weather.code_${group}`)}
                {data.current.windKmh !== null && (
                  <> · {tr('weather.wind', { speed: formatNumber(data.current.windKmh, lang) })}</>
                )}
              </div>
            </div>
          </div>
          <p className="weather-today">
            {tr('weather.todayPrecipitation', { mm: formatNumber(data.today.precipitationMm, lang) })}
            {data.today.precipitationProbability !== null && (
              <> ({tr('weather.precipitationChance', { percent: data.today.precipitationProbability })})</>
            )}
          </p>
          <h4>{tr('weather.outlook')}</h4>
          <ul className="weather-outlook">
            {data.outlook.map((day) => (
              <OutlookDay key={day.date} day={day} />
            ))}
          </ul>
        </>
      )}
      <p className="weather-widget__place muted">{place && tr(where)}</p>
      {geoError && <p className="muted">{tr('weather.geolocationDenied')}</p>}
      <p className="weather-widget__footer">
        {place?.source !== 'device' && (
          <button type="button" className="gl-link-button" onClick={shareLocation}>
            {tr('weather.useMyLocation')}
          </button>
        )}
        <small className="muted">{tr('weather.source')}</small>
      </p>
    </section>
  );
}
