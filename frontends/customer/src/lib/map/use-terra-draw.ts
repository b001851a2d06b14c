import { useEffect, useRef, useState } from 'react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import {
  TerraDraw,
  TerraDrawLineStringMode,
  TerraDrawPolygonMode,
  TerraDrawSelectMode,
  type GeoJSONStoreFeatures,
  type SnapToCustom,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';
import type { TAreaGeometry, TPosition } from '@gleba/contracts';
import { EARTH_RADIUS_M, snapPosition } from './snap';

/**
 * What terra-draw does on the map while a tool is active:
 * - `polygon`: draw one polygon (a plot, a crop's part, a cut-out), snapping to `snap` rings;
 * - `line`: draw one line (the ruler, a dividing line);
 * - `move`: the shape shown selected and draggable; `onMoved` gets a vertex before and after;
 * - `sectors`: the crop's sectors as editable polygons (drag vertices, add midpoints, delete with
 *   the Delete key) and new ones drawn in `polygon` sub-mode, snapping to the crop and each other.
 */
export type DrawSpec =
  | { kind: 'polygon' }
  | { kind: 'line' }
  | { kind: 'move'; shape: TAreaGeometry; onMoved: (from: TPosition, to: TPosition) => void }
  | { kind: 'sectors'; sectors: { id: string; geometry: TAreaGeometry }[] };

export interface SnapSettings {
  /** Rings of the other fields (edges and vertices). */
  rings: TPosition[][];
  /** Metres; 0 = off. On screen the radius is never below `SNAP_MIN_PX` pixels. */
  toleranceM: number;
}

/** A drawn sector polygon; `sectorId` when it came from an existing sector (a multipart one comes as several). */
export interface DrawnPolygon {
  sectorId: string | null;
  ring: TPosition[];
}

export interface DrawState {
  /** The polygon's outer ring or the line being drawn (open while drawing; with the cursor point). */
  points: TPosition[];
  /** The polygon was closed / the line finished. */
  finished: boolean;
  /** `sectors`: every polygon on the map now. */
  polygons: DrawnPolygon[];
}

export const SNAP_MIN_PX = 10;
const EMPTY: DrawState = { points: [], finished: false, polygons: [] };
const round = (n: number) => Math.round(n * 1e9) / 1e9;
const roundRing = (ring: TPosition[]) => ring.map((p) => [round(p[0]!), round(p[1]!)]);

/** Snapping with the user's tolerance in metres, but never less than a few pixels on screen. */
function snapper(read: () => SnapSettings | undefined): SnapToCustom {
  return (event, context) => {
    const settings = read();
    if (!settings || !(settings.toleranceM > 0)) return undefined;
    const a = context.unproject(event.containerX, event.containerY);
    const b = context.unproject(event.containerX + SNAP_MIN_PX, event.containerY);
    const pxM =
      Math.abs(b.lng - a.lng) * (Math.PI / 180) * EARTH_RADIUS_M * Math.cos((event.lat * Math.PI) / 180);
    const hit = snapPosition([event.lng, event.lat], settings.rings, Math.max(settings.toleranceM, pxM));
    return hit.snapped ? hit.position : undefined;
  };
}

function polygonsOf(g: TAreaGeometry): TPosition[][][] {
  return g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
}

/**
 * One terra-draw instance on `map` per activation: created when `key` changes to a non-null
 * value, stopped (its layers removed) when it changes again or becomes null.
 */
export function useTerraDraw(
  map: MapLibreMap | null,
  key: string | null,
  spec: DrawSpec | null,
  snap?: SnapSettings,
): DrawState & { draw: TerraDraw | null; setSubMode: (mode: 'polygon' | 'select') => void } {
  const [state, setState] = useState<DrawState>(EMPTY);
  const [draw, setDraw] = useState<TerraDraw | null>(null);
  const specRef = useRef(spec);
  specRef.current = spec;
  const snapRef = useRef(snap);
  snapRef.current = snap;

  useEffect(() => {
    const current = specRef.current;
    if (!map || !key || !current) return;
    setState(EMPTY);
    const snapping = { toCustom: snapper(() => snapRef.current) };
    const modes =
      current.kind === 'line'
        ? [new TerraDrawLineStringMode()]
        : current.kind === 'polygon'
          ? [new TerraDrawPolygonMode({ snapping })]
          : [
              new TerraDrawPolygonMode({ snapping }),
              new TerraDrawSelectMode({
                flags:
                  current.kind === 'move'
                    ? { polygon: { feature: { draggable: true } } }
                    : {
                        polygon: {
                          feature: {
                            draggable: true,
                            coordinates: {
                              draggable: true,
                              midpoints: true,
                              deletable: true,
                              snappable: snapping,
                            },
                          },
                        },
                      },
              }),
            ];
    const td = new TerraDraw({ adapter: new TerraDrawMapLibreGLAdapter({ map }), modes });
    td.start();

    const first = (type: 'Polygon' | 'LineString'): GeoJSONStoreFeatures | undefined =>
      td.getSnapshot().find((f) => f.geometry.type === type);
    const readPolygons = (): DrawnPolygon[] =>
      td
        .getSnapshot()
        .filter((f) => f.geometry.type === 'Polygon')
        .map((f) => ({
          sectorId: (f.properties.sectorId as string | undefined) ?? null,
          ring: (f.geometry.coordinates as TPosition[][])[0]!,
        }));
    const read = (finished: boolean) => {
      if (current.kind === 'sectors') {
        setState({ points: [], finished, polygons: readPolygons() });
        return;
      }
      const f = first(current.kind === 'line' ? 'LineString' : 'Polygon');
      const points = !f
        ? []
        : f.geometry.type === 'Polygon'
          ? (f.geometry.coordinates as TPosition[][])[0]!
          : (f.geometry.coordinates as TPosition[]);
      setState({ points, finished, polygons: [] });
    };

    let moveFrom: TPosition | null = null;
    if (current.kind === 'move' && current.shape.type === 'Polygon') {
      const ring = roundRing(current.shape.coordinates[0]!);
      moveFrom = ring[0]!;
      const [result] = td.addFeatures([
        {
          type: 'Feature',
          geometry: { type: 'Polygon', coordinates: [ring] },
          properties: { mode: 'polygon' },
        },
      ]);
      td.setMode('select');
      if (result?.valid && result.id !== undefined) td.selectFeature(result.id);
    } else if (current.kind === 'sectors') {
      td.addFeatures(
        current.sectors.flatMap((s) =>
          polygonsOf(s.geometry).map((poly) => ({
            type: 'Feature' as const,
            geometry: { type: 'Polygon' as const, coordinates: [roundRing(poly[0]!)] },
            properties: { mode: 'polygon', sectorId: s.id },
          })),
        ),
      );
      td.setMode('select');
      read(false);
    } else {
      td.setMode(current.kind === 'line' ? 'linestring' : 'polygon');
    }

    const onChange = () => read(false);
    const onFinish = (_id: unknown, context: { action: string }) => {
      if (current.kind === 'move') {
        const f = first('Polygon');
        const to = f ? (f.geometry.coordinates as TPosition[][])[0]![0]! : null;
        const live = specRef.current;
        if (moveFrom && to && context.action === 'dragFeature' && live?.kind === 'move')
          live.onMoved(moveFrom, to);
        return;
      }
      read(true);
      // One shape at a time (except sectors): stop drawing until this one is used or cancelled.
      if (current.kind !== 'sectors') td.setMode('static');
    };
    td.on('change', onChange);
    td.on('finish', onFinish);
    setDraw(td);
    return () => {
      td.off('change', onChange);
      td.off('finish', onFinish);
      td.stop();
      setDraw(null);
    };
  }, [map, key]);

  const setSubMode = (mode: 'polygon' | 'select') => {
    if (draw && specRef.current?.kind === 'sectors') draw.setMode(mode);
  };

  return key ? { ...state, draw, setSubMode } : { ...EMPTY, draw: null, setSubMode };
}
