import type { WeatherGroup } from '../rules/weather-rules';

const SUN = <circle cx="12" cy="12" r="5" fill="#f2b705" />;
const CLOUD = <path d="M7 18h10a4 4 0 0 0 0-8 5.5 5.5 0 0 0-10.6 1.5A3.3 3.3 0 0 0 7 18z" fill="#9aa5b1" />;

/** A small inline SVG per weather group (no icon font, no extra request). */
export function WeatherIcon({ group, size = 32 }: { group: WeatherGroup; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className="weather-icon"
    >
      {group === 'clear' && SUN}
      {group === 'partly' && (
        <>
          <circle cx="9" cy="9" r="4" fill="#f2b705" />
          {CLOUD}
        </>
      )}
      {(group === 'overcast' || group === 'fog') && CLOUD}
      {group === 'fog' && <path d="M4 20h16M6 22h12" stroke="#9aa5b1" strokeWidth="1.5" />}
      {(group === 'drizzle' || group === 'rain' || group === 'showers') && (
        <>
          {CLOUD}
          <path
            d={group === 'drizzle' ? 'M9 20v1M13 20v1M17 20v1' : 'M9 19l-1 3M13 19l-1 3M17 19l-1 3'}
            stroke="#2f7ed8"
            strokeWidth="1.5"
            strokeLinecap="round"
          />
        </>
      )}
      {group === 'snow' && (
        <>
          {CLOUD}
          <path d="M9 21h.01M13 22h.01M17 21h.01" stroke="#5b8fc7" strokeWidth="2.5" strokeLinecap="round" />
        </>
      )}
      {group === 'thunder' && (
        <>
          {CLOUD}
          <path
            d="M12 17l-2 4h3l-1 3"
            stroke="#f2b705"
            strokeWidth="1.5"
            fill="none"
            strokeLinejoin="round"
          />
        </>
      )}
    </svg>
  );
}
