import { useCallback, useState } from 'react';
import type { BaseStyle } from './map-config';

/** What the layer switcher shows on every map: the base map and the cadastral overlay. */
export interface LayerChoice {
  base: BaseStyle;
  cadastre: boolean;
}

export const LAYER_CHOICE_KEY = 'gleba.map.layers';
export const DEFAULT_LAYER_CHOICE: LayerChoice = { base: 'streets', cadastre: false };

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function browserStore(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage blocked (privacy settings): the choice lives for the page only.
    return null;
  }
}

/** The stored choice; anything unreadable or unknown falls back to the default, field by field. */
export function readLayerChoice(store: Store | null = browserStore()): LayerChoice {
  let raw: unknown;
  try {
    raw = JSON.parse(store?.getItem(LAYER_CHOICE_KEY) ?? 'null');
  } catch {
    return DEFAULT_LAYER_CHOICE;
  }
  if (!raw || typeof raw !== 'object') return DEFAULT_LAYER_CHOICE;
  const r = raw as Record<string, unknown>;
  return {
    base: r.base === 'orthophoto' || r.base === 'streets' ? r.base : DEFAULT_LAYER_CHOICE.base,
    cadastre: typeof r.cadastre === 'boolean' ? r.cadastre : DEFAULT_LAYER_CHOICE.cadastre,
  };
}

export function writeLayerChoice(choice: LayerChoice, store: Store | null = browserStore()): void {
  try {
    store?.setItem(LAYER_CHOICE_KEY, JSON.stringify({ base: choice.base, cadastre: choice.cadastre }));
  } catch {
    // Quota or blocked storage: the choice still applies to this page.
  }
}

/** The layer choice of this browser, kept in localStorage across pages and visits. */
export function useLayerChoice(): [LayerChoice, (next: Partial<LayerChoice>) => void] {
  const [choice, setChoice] = useState<LayerChoice>(() => readLayerChoice());
  const update = useCallback((next: Partial<LayerChoice>) => {
    setChoice((prev) => {
      const merged = { ...prev, ...next };
      writeLayerChoice(merged);
      return merged;
    });
  }, []);
  return [choice, update];
}
