import { useEffect, useRef, useState } from 'react';
import maplibregl, { type Map as MapLibreMap, type Marker } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import type { TPickupPoint } from '@gleba/contracts';
import { useT } from '../../../lib/i18n';
import { useLayerChoice } from '../../../lib/map/layer-choice';
import { LayerSwitcher } from '../../../lib/map/layer-switcher';
import { applyLayers, buildStyle, readMapConfig } from '../../../lib/map/map-config';
import { mapLocale } from '../../../lib/map/map-locale';

export interface PickupMapProps {
  points: readonly TPickupPoint[];
  selectedId: string | null;
  /** A click (or Enter) on a marker selects its point, as the list does. */
  onSelect: (id: string) => void;
  /** The map could not start (no WebGL, a broken style): the wizard says so and keeps the list. */
  onFail: (error: unknown) => void;
  label: string;
  markerLabel: (point: TPickupPoint) => string;
}

/** Zoom when centring on one point: close enough to see the street. */
const POINT_ZOOM = 14;

/**
 * The found pickup points on MapLibre (the farm map's style configuration, `VITE_MAP_*`): one
 * marker per point, a button whose click selects the point; the selected one is drawn larger and
 * the map centres on it. Lazy: this module (and MapLibre with it) loads only when a search found
 * points.
 */
export default function PickupMap({
  points,
  selectedId,
  onSelect,
  onFail,
  label,
  markerLabel,
}: PickupMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const markers = useRef(new Map<string, { marker: Marker; element: HTMLButtonElement }>());
  const select = useRef(onSelect);
  select.current = onSelect;
  const tr = useT();
  const [layers, setLayers] = useLayerChoice();
  const [styled, setStyled] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    const config = readMapConfig();
    let m: MapLibreMap;
    try {
      m = new maplibregl.Map({
        container: container.current,
        style: buildStyle(config),
        center: config.center,
        zoom: config.zoom,
        attributionControl: { compact: true },
        locale: mapLocale(tr),
      });
    } catch (error) {
      onFail(error);
      return;
    }
    m.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'top-right');
    // Layers can be switched once the style is in (not waiting for its tiles).
    m.on('style.load', () => setStyled(true));
    setMap(m);
    const placed = markers.current;
    return () => {
      for (const { marker } of placed.values()) marker.remove();
      placed.clear();
      setMap(null);
      m.remove();
    };
    // The map is created once; points and the selection are applied by the effects below.
  }, []);

  // One marker per point; the view fits them all.
  useEffect(() => {
    if (!map) return;
    const placed = markers.current;
    for (const { marker } of placed.values()) marker.remove();
    placed.clear();
    for (const point of points) {
      const element = document.createElement('button');
      element.type = 'button';
      element.className = 'pickup-map__marker';
      element.dataset.pointId = point.id;
      element.setAttribute('aria-label', markerLabel(point));
      element.title = point.name;
      element.append(Object.assign(document.createElement('span'), { className: 'pickup-map__pin' }));
      element.addEventListener('click', (e) => {
        e.stopPropagation();
        select.current(point.id);
      });
      placed.set(point.id, {
        marker: new maplibregl.Marker({ element, anchor: 'center' })
          .setLngLat([point.lng, point.lat])
          .addTo(map),
        element,
      });
    }
    if (points.length === 1) map.jumpTo({ center: [points[0]!.lng, points[0]!.lat], zoom: POINT_ZOOM });
    else if (points.length > 1) {
      const lngs = points.map((p) => p.lng);
      const lats = points.map((p) => p.lat);
      map.fitBounds(
        [
          [Math.min(...lngs), Math.min(...lats)],
          [Math.max(...lngs), Math.max(...lats)],
        ],
        { padding: 40, maxZoom: 15, duration: 0 },
      );
    }
    // markerLabel is a new function each render; the points are what matter.
  }, [map, points]);

  // The selected marker is marked (and drawn above the others); the map centres on its point.
  useEffect(() => {
    if (!map) return;
    for (const [id, { element }] of markers.current) {
      const selected = id === selectedId;
      element.classList.toggle('pickup-map__marker--selected', selected);
      element.setAttribute('aria-pressed', String(selected));
    }
    const point = points.find((p) => p.id === selectedId);
    if (point) map.easeTo({ center: [point.lng, point.lat], zoom: Math.max(map.getZoom(), POINT_ZOOM - 1) });
  }, [map, points, selectedId]);

  useEffect(() => {
    if (map && styled) applyLayers(map, layers.base, layers.cadastre);
  }, [map, styled, layers]);

  return (
    <>
      <LayerSwitcher choice={layers} onChange={setLayers} name="pickup-base-style" />
      <div ref={container} className="pickup-map" role="region" aria-label={label} />
    </>
  );
}
