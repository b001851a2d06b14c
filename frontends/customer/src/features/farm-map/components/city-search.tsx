import { useState, type FormEvent } from 'react';
import { FormError } from '@gleba/ui';
import { describeError, useLang, useT } from '../../../lib/i18n';
import { searchCities } from '../api/farm-map';

/** Town search (`GET /api/cities?q=`) and the browser's geolocation; both move the map. */
export function CitySearch({ onFly }: { onFly: (lng: number, lat: number, zoom: number) => void }) {
  const tr = useT();
  const lang = useLang();
  const [q, setQ] = useState('');
  const [error, setError] = useState<string>();

  const search = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    if (q.trim().length < 2) return;
    try {
      const city = (await searchCities(q.trim())).find((c) => c.lat !== null && c.lng !== null);
      if (!city) setError(tr('errors.cityNotFound'));
      else onFly(city.lng!, city.lat!, 12);
    } catch (err) {
      setError(describeError(lang, err));
    }
  };

  const locate = () => {
    setError(undefined);
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setError(tr('errors.geolocationUnavailable'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) => onFly(pos.coords.longitude, pos.coords.latitude, 15),
      () => setError(tr('errors.geolocationUnavailable')),
      { timeout: 10_000 },
    );
  };

  return (
    <form className="farm-map__search" role="search" onSubmit={search}>
      <label>
        <span className="farm-map__label">{tr('farmMap.citySearch')}</span>
        <input
          type="search"
          className="gl-field__input"
          value={q}
          placeholder={tr('farmMap.citySearchPlaceholder')}
          minLength={2}
          maxLength={100}
          onChange={(e) => setQ(e.target.value)}
        />
      </label>
      <div className="farm-map__actions">
        <button type="submit" className="gl-button">
          {tr('farmMap.search')}
        </button>
        <button type="button" className="gl-button gl-button--secondary" onClick={locate}>
          {tr('farmMap.myLocation')}
        </button>
      </div>
      <FormError>{error}</FormError>
    </form>
  );
}
