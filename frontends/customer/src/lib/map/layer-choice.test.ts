import { describe, expect, it } from 'vitest';
import { DEFAULT_LAYER_CHOICE, LAYER_CHOICE_KEY, readLayerChoice, writeLayerChoice } from './layer-choice';

function memory(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

describe('layer choice storage', () => {
  it('starts on the street map without the overlay', () => {
    expect(readLayerChoice(memory())).toEqual({ base: 'streets', cadastre: false });
    expect(readLayerChoice(null)).toEqual(DEFAULT_LAYER_CHOICE);
  });

  it('reads back what was written', () => {
    const store = memory();
    writeLayerChoice({ base: 'orthophoto', cadastre: true }, store);
    expect(JSON.parse(store.items.get(LAYER_CHOICE_KEY)!)).toEqual({ base: 'orthophoto', cadastre: true });
    expect(readLayerChoice(store)).toEqual({ base: 'orthophoto', cadastre: true });
  });

  it('falls back field by field on anything it does not know', () => {
    expect(readLayerChoice(memory({ [LAYER_CHOICE_KEY]: '{not json' }))).toEqual(DEFAULT_LAYER_CHOICE);
    expect(readLayerChoice(memory({ [LAYER_CHOICE_KEY]: '"orthophoto"' }))).toEqual(DEFAULT_LAYER_CHOICE);
    expect(
      readLayerChoice(memory({ [LAYER_CHOICE_KEY]: JSON.stringify({ base: 'satellite', cadastre: true }) })),
    ).toEqual({ base: 'streets', cadastre: true });
    expect(
      readLayerChoice(
        memory({ [LAYER_CHOICE_KEY]: JSON.stringify({ base: 'orthophoto', cadastre: 'yes' }) }),
      ),
    ).toEqual({ base: 'orthophoto', cadastre: false });
  });

  it('survives a storage that refuses to write', () => {
    const store = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => writeLayerChoice({ base: 'orthophoto', cadastre: false }, store)).not.toThrow();
  });
});
