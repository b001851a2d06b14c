import { describe, expect, it } from 'vitest';
import { ALL_EVENTS, ZEventEnvelope, eventRegistry, schemaFor } from './index';

describe('event registry', () => {
  it('holds every event once, by type and version', () => {
    const keys = ALL_EVENTS.map((e) => `${e.type}@${e.version}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(schemaFor('orders.order.placed', 1)).toBeDefined();
    expect(schemaFor('orders.order.placed', 99)).toBeUndefined();
    expect(eventRegistry.size).toBeGreaterThan(10);
  });

  it('names every event <service>.<entity>.<past-tense>', () => {
    for (const e of ALL_EVENTS) {
      expect(ZEventEnvelope.shape.type.safeParse(e.type).success, e.type).toBe(true);
    }
  });
});
