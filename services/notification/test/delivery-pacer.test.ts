import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeliveryPacer, EventPathLag, PACE_TICK_MS } from '../src/jobs/delivery-pacer';

const takeMany = async (pacer: DeliveryPacer, n: number) => {
  const t0 = performance.now();
  await Promise.all(Array.from({ length: n }, () => pacer.take()));
  return performance.now() - t0;
};

describe('DeliveryPacer (e-mail and SMS yield to the event path)', () => {
  it('lets deliveries through at once until the event path falls behind', async () => {
    const pacer = new DeliveryPacer({ targetMs: 50, minPerS: 10 });
    expect(pacer.rate).toBe(Infinity);
    expect(await takeMany(pacer, 200)).toBeLessThan(50);
    // Within the target: still not paced.
    pacer.report(20);
    expect(pacer.rate).toBe(Infinity);
  });

  it('drops to the minimum on the first late tick, halves a paced rate on each late tick, never below the minimum', () => {
    const pacer = new DeliveryPacer({ targetMs: 50, minPerS: 10 });
    pacer.report(80);
    expect(pacer.rate).toBe(10);
    for (let i = 0; i < 30; i += 1) pacer.report(0);
    expect(pacer.rate).toBe(160);
    pacer.report(Infinity);
    expect(pacer.rate).toBe(80);
    for (let i = 0; i < 20; i += 1) pacer.report(1000);
    expect(pacer.rate).toBe(10);
  });

  it('grows back by a step per tick within half the target, holds between half and the target, and is lifted at 1,000/s', () => {
    const pacer = new DeliveryPacer({ targetMs: 50, minPerS: 10 });
    for (let i = 0; i < 20; i += 1) pacer.report(1000);
    expect(pacer.rate).toBe(10);
    pacer.report(10);
    pacer.report(0);
    expect(pacer.rate).toBe(20);
    pacer.report(40);
    pacer.report(50);
    expect(pacer.rate).toBe(20);
    for (let i = 0; i < 400 && Number.isFinite(pacer.rate); i += 1) pacer.report(0);
    expect(pacer.rate).toBe(Infinity);
  });

  it('spaces deliveries at the paced rate', async () => {
    const pacer = new DeliveryPacer({ targetMs: 50, minPerS: 50 });
    for (let i = 0; i < 20; i += 1) pacer.report(1000);
    expect(pacer.rate).toBe(50);
    // 6 deliveries at 50/s: the first at once, the others 20 ms apart.
    expect(await takeMany(pacer, 6)).toBeGreaterThanOrEqual(95);
  });
});

describe('EventPathLag (the consumer side)', () => {
  afterEach(() => vi.useRealTimers());

  it('reports each tick the worst wait of the transactions settled in it, 0 when none, Infinity when the consumer buffer was full', () => {
    vi.useFakeTimers();
    const reports: number[] = [];
    const lag = new EventPathLag();
    lag.sendTo((ms) => reports.push(ms));
    lag.settled({ events: 3, waitedMs: 12, held: 2 });
    lag.settled({ events: 1, waitedMs: 70, held: 0 });
    lag.settled({ events: 20, waitedMs: 5, held: 1 });
    vi.advanceTimersByTime(PACE_TICK_MS);
    vi.advanceTimersByTime(PACE_TICK_MS);
    lag.settled({ events: 20, waitedMs: 3, held: 20 });
    vi.advanceTimersByTime(PACE_TICK_MS);
    lag.stop();
    vi.advanceTimersByTime(PACE_TICK_MS * 5);
    expect(reports).toEqual([70, 0, Infinity]);
  });
});
