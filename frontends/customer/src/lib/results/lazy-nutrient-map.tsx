import { lazy, Suspense } from 'react';
import { useT } from '../i18n';
import type { NutrientMapProps } from './nutrient-map';

/** MapLibre comes with the map only, in its own chunk, never with the pages that show no map. */
const NutrientMap = lazy(() => import('./nutrient-map'));

/** The nutrient map, loaded when first shown; a line says it is loading meanwhile. */
export function LazyNutrientMap(props: NutrientMapProps) {
  const tr = useT();
  return (
    <Suspense fallback={<p className="muted">{tr('farmMap.loadingMap')}</p>}>
      <NutrientMap {...props} />
    </Suspense>
  );
}
