import type { LayerSpecification, SourceSpecification } from 'maplibre-gl';

/** The part of MapLibre's Map that {@link reloadSource} uses (MapLibre's Map, or a test fake). */
export interface ReloadTarget {
  getSource(id: string): { serialize(): unknown } | undefined;
  getLayersOrder(): string[];
  getLayer(id: string): { source?: string; serialize(): unknown } | undefined;
  removeLayer(id: string): unknown;
  removeSource(id: string): unknown;
  addSource(id: string, source: SourceSpecification): unknown;
  addLayer(layer: LayerSpecification, beforeId?: string): unknown;
}

/**
 * Asks a tile source's server again from scratch: the source and its layers are removed and added
 * back as they were (same place in the layer order, same visibility and paint).
 *
 * Not `RasterTileSource.setTiles()`: in MapLibre 5 it reloads tiles that had failed as "expired",
 * i.e. drawable without an image, and the next frame throws "Cannot read properties of undefined
 * (reading 'bind')" in the raster renderer, every frame after it too, so the whole map goes blank
 * (maplibre-gl-js issue 7775, fixed only in 6.x). A new source has no failed tiles.
 */
export function reloadSource(map: ReloadTarget, sourceId: string): boolean {
  const source = map.getSource(sourceId);
  if (!source) return false;
  const spec = source.serialize() as SourceSpecification;
  const order = map.getLayersOrder();
  const own = order.filter((id) => map.getLayer(id)?.source === sourceId);
  // Each layer goes back before the first later layer that stays (the end of the list if none).
  const layers = own.map((id) => ({
    spec: map.getLayer(id)!.serialize() as LayerSpecification,
    before: order.slice(order.indexOf(id) + 1).find((next) => !own.includes(next)),
  }));
  for (const id of own) map.removeLayer(id);
  map.removeSource(sourceId);
  map.addSource(sourceId, spec);
  for (const l of layers) map.addLayer(l.spec, l.before);
  return true;
}
