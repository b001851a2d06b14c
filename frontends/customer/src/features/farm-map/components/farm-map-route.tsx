import { lazy, Suspense } from 'react';
import { LoadingScreen } from '@gleba/ui';
import { useT } from '../../../lib/i18n';
import { MOBILE_QUERY, useMediaQuery } from '../../../lib/use-media-query';

/** The map and its libraries (maplibre-gl, terra-draw, turf) load only on a desktop. */
const FarmMapPage = lazy(() => import('./farm-map-page').then((m) => ({ default: m.FarmMapPage })));

/** Spec section 6: adding plots is desktop only; below 768 px a notice replaces the map. */
export function DesktopOnlyNotice() {
  const tr = useT();
  return (
    <section className="farm-map__notice" role="status">
      <h2>{tr('farmMap.title')}</h2>
      <p>{tr('farmMap.desktopOnly')}</p>
    </section>
  );
}

export function FarmMapRoute() {
  const mobile = useMediaQuery(MOBILE_QUERY);
  if (mobile) return <DesktopOnlyNotice />;
  return (
    <Suspense fallback={<LoadingScreen />}>
      <FarmMapPage />
    </Suspense>
  );
}
