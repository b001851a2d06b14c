import { useEffect, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { TerraDraw, TerraDrawPolygonMode, type GeoJSONStoreFeatures } from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { TPosition } from '@gleba/contracts';

/**
 * Terra Draw's polygon mode on the map while `active`. Returns the outer ring being drawn (open,
 * updated on every click and mouse move) and whether the shape was closed.
 */
export function useDrawPolygon(map: MapLibreMap | null, active: boolean): { ring: TPosition[]; closed: boolean } {
  const [state, setState] = useState<{ ring: TPosition[]; closed: boolean }>({ ring: [], closed: false });

  useEffect(() => {
    if (!map || !active) return;
    setState({ ring: [], closed: false });
    const draw = new TerraDraw({ adapter: new TerraDrawMapLibreGLAdapter({ map }), modes: [new TerraDrawPolygonMode()] });
    draw.start();
    draw.setMode('polygon');
    const polygon = (): GeoJSONStoreFeatures | undefined => draw.getSnapshot().find((f) => f.geometry.type === 'Polygon');
    const read = (closed: boolean) => {
      const feature = polygon();
      const outer = feature?.geometry.type === 'Polygon' ? (feature.geometry.coordinates[0] as TPosition[]) : [];
      setState({ ring: outer, closed });
    };
    const onChange = () => read(false);
    const onFinish = () => {
      read(true);
      // One plot at a time: stop drawing a second shape until this one is saved or cancelled.
      draw.setMode('static');
    };
    draw.on('change', onChange);
    draw.on('finish', onFinish);
    return () => {
      draw.off('change', onChange);
      draw.off('finish', onFinish);
      draw.stop();
    };
  }, [map, active]);

  return active ? state : { ring: [], closed: false };
}
