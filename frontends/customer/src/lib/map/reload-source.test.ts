import { describe, expect, it } from 'vitest';
import { BASE_SOURCE, buildStyle, readMapConfig } from './map-config';
import { reloadSource, type ReloadTarget } from './reload-source';

/** A style as MapLibre keeps it: sources, ordered layers; records every call. */
function fakeStyle(style: { sources: Record<string, unknown>; layers: { id: string; source?: string }[] }) {
  const sources = new Map(Object.entries(style.sources));
  let layers = style.layers.map((l) => ({ ...l }));
  const calls: string[] = [];
  const map: ReloadTarget & { setTiles?: never } = {
    getSource: (id) => (sources.has(id) ? { serialize: () => sources.get(id) } : undefined),
    getLayersOrder: () => layers.map((l) => l.id),
    getLayer: (id) => {
      const l = layers.find((x) => x.id === id);
      return l && { source: l.source, serialize: () => l };
    },
    removeLayer: (id) => {
      calls.push(`removeLayer ${id}`);
      layers = layers.filter((l) => l.id !== id);
    },
    removeSource: (id) => {
      // MapLibre refuses to remove a source a layer still uses.
      if (layers.some((l) => l.source === id)) throw new Error(`source ${id} in use`);
      calls.push(`removeSource ${id}`);
      sources.delete(id);
    },
    addSource: (id, spec) => {
      calls.push(`addSource ${id}`);
      sources.set(id, spec);
    },
    addLayer: (layer, before) => {
      calls.push(`addLayer ${layer.id} before ${before ?? '-'}`);
      const at = before ? layers.findIndex((l) => l.id === before) : layers.length;
      layers.splice(at < 0 ? layers.length : at, 0, layer as { id: string; source?: string });
    },
  };
  return { map, calls, layers: () => layers, sources };
}

const CONFIG = readMapConfig({});

describe('reloadSource (the base map retry)', () => {
  it('puts a fresh copy of the source back, its layer in the same place and state', () => {
    const style = buildStyle(CONFIG) as {
      sources: Record<string, unknown>;
      layers: { id: string; source?: string }[];
    };
    style.layers.push({ id: 'plots-fill', source: 'plots' });
    style.sources.plots = { type: 'geojson', data: { type: 'FeatureCollection', features: [] } };
    const before = JSON.stringify(style.layers);
    const fake = fakeStyle(style);
    expect(reloadSource(fake.map, BASE_SOURCE.streets)).toBe(true);
    expect(fake.calls[0]).toMatch(/^removeLayer /);
    expect(fake.calls).toContain(`removeSource ${BASE_SOURCE.streets}`);
    expect(fake.calls).toContain(`addSource ${BASE_SOURCE.streets}`);
    expect(fake.sources.get(BASE_SOURCE.streets)).toEqual(style.sources[BASE_SOURCE.streets]);
    expect(JSON.stringify(fake.layers())).toBe(before);
  });

  it('keeps the order when the source has several layers, the last one included', () => {
    const fake = fakeStyle({
      sources: { a: { type: 'raster' }, b: { type: 'raster' } },
      layers: [{ id: 'bg' }, { id: 'a1', source: 'a' }, { id: 'b1', source: 'b' }, { id: 'a2', source: 'a' }],
    });
    reloadSource(fake.map, 'a');
    expect(fake.layers().map((l) => l.id)).toEqual(['bg', 'a1', 'b1', 'a2']);
  });

  it('does nothing for a source the style does not have', () => {
    const fake = fakeStyle({ sources: {}, layers: [{ id: 'bg' }] });
    expect(reloadSource(fake.map, 'streets')).toBe(false);
    expect(fake.calls).toEqual([]);
  });
});
