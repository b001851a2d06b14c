import { describe, expect, it } from 'vitest';
import { enqueuePuncture, flushPunctures, PUNCTURES_QUEUE_KEY, readPunctures } from './punctures-queue';

const store = () => {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    m,
  };
};
class NetworkDown extends Error {}
const isNetworkError = (e: unknown) => e instanceof NetworkDown;
const item = (id: string, sampleId = 's1', userId = 'u1') => ({
  userId,
  orderId: 'o1',
  sampleId,
  code: `CODE-${sampleId}`,
  puncture: {
    id,
    pointIndex: 0,
    lng: 21.6,
    lat: 52.15,
    accuracyM: 4,
    takenAt: '2026-11-26T09:00:00.000Z',
  },
});

describe('offline queue of punctures (guided sampling)', () => {
  it('sends one batch per sample and empties the queue; another user’s stay', async () => {
    const s = store();
    for (const q of [item('a'), item('b'), item('c', 's2'), item('d', 's1', 'u2')]) enqueuePuncture(q, s);
    enqueuePuncture(item('a'), s); // the same puncture twice is kept once
    const sent: [string, string[]][] = [];
    const result = await flushPunctures({
      userId: 'u1',
      storage: s,
      isNetworkError,
      send: async (_o, sample, punctures) => void sent.push([sample, punctures.map((p) => p.id)]),
    });
    expect(sent).toEqual([
      ['s1', ['b', 'a']],
      ['s2', ['c']],
    ]);
    expect(result).toEqual({ sent: 3, refused: [], remaining: 0 });
    expect(readPunctures(s).map((q) => q.puncture.id)).toEqual(['d']);
  });

  it('keeps everything when the connection fails, drops and reports a refused batch', async () => {
    const s = store();
    enqueuePuncture(item('a'), s);
    enqueuePuncture(item('b', 's2'), s);
    const down = await flushPunctures({
      userId: 'u1',
      storage: s,
      isNetworkError,
      send: async () => {
        throw new NetworkDown();
      },
    });
    expect(down.remaining).toBe(2);
    const refused = await flushPunctures({
      userId: 'u1',
      storage: s,
      isNetworkError,
      send: async (_o, sample) => {
        if (sample === 's1') throw new Error('samplingClosed');
      },
    });
    expect(refused.sent).toBe(1);
    expect(refused.refused.map((r) => r.code)).toEqual(['CODE-s1']);
    expect(s.m.has(PUNCTURES_QUEUE_KEY)).toBe(false);
  });
});
