import { describe, expect, it } from 'vitest';
import { enqueueTest, flushQueue, OFFLINE_QUEUE_KEY, readQueue } from './offline-queue';

const body = (barcode: string, gardenName = 'My garden') =>
  ({ barcode, gardenName, plantId: 'TOMATO' }) as never;
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

describe('offline queue of added tests', () => {
  it('keeps tests in order; the same code queued again replaces its details', () => {
    const s = store();
    enqueueTest(body('AAAA00000001'), 'u1', s);
    enqueueTest(body('BBBB00000002'), 'u1', s);
    enqueueTest(body('AAAA00000001', 'Renamed'), 'u1', s);
    expect(readQueue(s).map((q) => [q.barcode, (q.body as { gardenName: string }).gardenName])).toEqual([
      ['BBBB00000002', 'My garden'],
      ['AAAA00000001', 'Renamed'],
    ]);
  });

  it('sends oldest first and empties the queue', async () => {
    const s = store();
    enqueueTest(body('AAAA00000001'), 'u1', s);
    enqueueTest(body('BBBB00000002'), 'u1', s);
    const sent: string[] = [];
    const result = await flushQueue({
      userId: 'u1',
      send: async (b) => void sent.push(b.barcode),
      isNetworkError,
      storage: s,
    });
    expect(sent).toEqual(['AAAA00000001', 'BBBB00000002']);
    expect(result).toMatchObject({ remaining: 0, refused: [] });
    expect(s.m.has(OFFLINE_QUEUE_KEY)).toBe(false);
  });

  it('drops and reports a test the server refuses, and goes on with the next', async () => {
    const s = store();
    enqueueTest(body('AAAA00000001'), 'u1', s);
    enqueueTest(body('BBBB00000002'), 'u1', s);
    const result = await flushQueue({
      userId: 'u1',
      send: async (b) => {
        if (b.barcode === 'AAAA00000001')
          throw Object.assign(new Error('refused'), { code: 'testCodeIncorrect' });
      },
      isNetworkError,
      storage: s,
    });
    expect(result.refused.map((r) => r.item.barcode)).toEqual(['AAAA00000001']);
    expect(result.sent.map((r) => r.barcode)).toEqual(['BBBB00000002']);
    expect(readQueue(s)).toEqual([]);
  });

  it('stops at a network failure and keeps the rest for the next time', async () => {
    const s = store();
    enqueueTest(body('AAAA00000001'), 'u1', s);
    enqueueTest(body('BBBB00000002'), 'u1', s);
    enqueueTest(body('CCCC00000003'), 'u1', s);
    let calls = 0;
    const result = await flushQueue({
      userId: 'u1',
      send: async () => {
        if (++calls === 2) throw new NetworkDown();
      },
      isNetworkError,
      storage: s,
    });
    expect(result).toMatchObject({ remaining: 2 });
    expect(readQueue(s).map((q) => q.barcode)).toEqual(['BBBB00000002', 'CCCC00000003']);
  });

  it('runs once at a time: two online events share one run', async () => {
    const s = store();
    enqueueTest(body('AAAA00000001'), 'u1', s);
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const send = async () => {
      calls += 1;
      await gate;
    };
    const a = flushQueue({ userId: 'u1', send, isNetworkError, storage: s });
    const b = flushQueue({ userId: 'u1', send, isNetworkError, storage: s });
    release();
    expect(await a).toBe(await b);
    expect(calls).toBe(1);
  });

  it('keeps a test queued during a run', async () => {
    const s = store();
    enqueueTest(body('AAAA00000001'), 'u1', s);
    await flushQueue({
      userId: 'u1',
      send: async () => void enqueueTest(body('BBBB00000002'), 'u1', s),
      isNetworkError,
      storage: s,
    });
    expect(readQueue(s).map((q) => q.barcode)).toEqual(['BBBB00000002']);
  });

  it('sends only the signed-in user’s tests and keeps the others’', async () => {
    const s = store();
    enqueueTest(body('AAAA00000001'), 'u1', s);
    enqueueTest(body('BBBB00000002'), 'u2', s);
    const sent: string[] = [];
    const result = await flushQueue({
      userId: 'u2',
      send: async (b) => void sent.push(b.barcode),
      isNetworkError,
      storage: s,
    });
    expect(sent).toEqual(['BBBB00000002']);
    expect(result.remaining).toBe(0);
    expect(readQueue(s).map((q) => [q.barcode, q.userId])).toEqual([['AAAA00000001', 'u1']]);
  });

  it('reads a broken stored value as an empty queue', () => {
    const s = store();
    s.setItem(OFFLINE_QUEUE_KEY, '{not json');
    expect(readQueue(s)).toEqual([]);
    s.setItem(
      OFFLINE_QUEUE_KEY,
      JSON.stringify([
        { barcode: 1 },
        { barcode: 'Y', body: { barcode: 'Y' } },
        { barcode: 'X', userId: 'u1', body: { barcode: 'X' }, queuedAt: '' },
      ]),
    );
    expect(readQueue(s).map((q) => q.barcode)).toEqual(['X']);
  });
});
