import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';
import { STORAGE_KEYS } from '@gleba/contracts';
import { LAYER_CHOICE_KEY } from '../lib/map/layer-choice';
import { swrConfig } from '@gleba/api-client';
import { Toaster } from '@gleba/ui';
import { api } from '../lib/api-client';
import { resetLanguageStore } from '../stores/language-store';
import { resetSessionStore } from '../stores/session-store';

/** One component of the feature, signed in, in English, with a fresh swr cache. */
export function renderFeature(ui: ReactElement, lang: 'pl' | 'en' | 'uk' = 'en') {
  localStorage.setItem(STORAGE_KEYS.token, 'access-1');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh-1');
  localStorage.setItem(STORAGE_KEYS.lang, lang);
  localStorage.removeItem(LAYER_CHOICE_KEY);
  resetSessionStore();
  resetLanguageStore();
  return render(
    <SWRConfig value={{ ...swrConfig(api), provider: () => new Map() }}>
      {ui}
      <Toaster />
    </SWRConfig>,
  );
}

/** Pretends the window is `width` px wide for `(max-width: 767px)`. */
export function viewport(width: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: /max-width:\s*767px/.test(query) && width <= 767,
        media: query,
        onchange: null,
        addEventListener: () => {},
        removeEventListener: () => {},
        addListener: () => {},
        removeListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

/** A stand-in for maplibre-gl (no WebGL in happy-dom): records what the page does to the map. */
export function fakeMapLibre() {
  const instances: FakeMap[] = [];
  class FakeMap {
    layers = new Map<string, { layout: Record<string, unknown>; filter?: unknown }>();
    data = new Map<string, unknown>();
    flights: unknown[] = [];
    fitted: unknown[] = [];
    constructor(public options: { style: { layers: { id: string; layout?: Record<string, unknown> }[] } }) {
      for (const l of options.style.layers) this.layers.set(l.id, { layout: { ...l.layout } });
      instances.push(this);
    }
    addControl() {}
    handlers = new Map<string, ((e: unknown) => void)[]>();
    on(event: string, cb: (e: unknown) => void) {
      this.handlers.set(event, [...(this.handlers.get(event) ?? []), cb]);
      if (event === 'load') setTimeout(cb, 0);
    }
    off(event: string, cb: (e: unknown) => void) {
      this.handlers.set(
        event,
        (this.handlers.get(event) ?? []).filter((h) => h !== cb),
      );
    }
    /** What MapLibre would emit, e.g. `fire('click', { lngLat: { lng, lat }, point: { x, y } })`. */
    fire(event: string, e: unknown) {
      for (const cb of this.handlers.get(event) ?? []) cb(e);
    }
    queryRenderedFeatures() {
      return [];
    }
    addSource(id: string) {
      this.data.set(id, null);
    }
    addLayer(l: { id: string; filter?: unknown }) {
      this.layers.set(l.id, { layout: {}, filter: l.filter });
    }
    getLayer(id: string) {
      return this.layers.get(id);
    }
    getSource(id: string) {
      return this.data.has(id) ? { setData: (d: unknown) => this.data.set(id, d) } : undefined;
    }
    setLayoutProperty(id: string, key: string, value: unknown) {
      this.layers.get(id)!.layout[key] = value;
    }
    setFilter(id: string, filter: unknown) {
      this.layers.get(id)!.filter = filter;
    }
    fitBounds(b: unknown) {
      this.fitted.push(b);
    }
    flyTo(o: unknown) {
      this.flights.push(o);
    }
    remove() {}
  }
  class Control {}
  return {
    module: { default: { Map: FakeMap, NavigationControl: Control, ScaleControl: Control } },
    instances,
  };
}
