import type { TSamplingSample, TTakenPuncture } from '@gleba/contracts';

/** The punctures of a sample the screen shows: the server's and the ones still queued, once each, by time. */
export function takenOf(sample: TSamplingSample, queued: readonly TTakenPuncture[]): TTakenPuncture[] {
  const seen = new Set(sample.taken.map((p) => p.id));
  return [...sample.taken, ...queued.filter((p) => !seen.has(p.id))].sort(
    (a, b) => Date.parse(a.takenAt) - Date.parse(b.takenAt),
  );
}

/** The sample to show first: the first with punctures still to take, else the first. */
export function firstOpenSample(
  samples: readonly TSamplingSample[],
  queued: readonly { sampleId: string; puncture: TTakenPuncture }[],
) {
  return (
    samples.find((s) => {
      const taken = new Set(
        takenOf(
          s,
          queued.filter((q) => q.sampleId === s.sampleId).map((q) => q.puncture),
        ).map((p) => p.pointIndex),
      );
      return s.pattern.points.some((_, i) => !taken.has(i));
    }) ?? samples[0]
  );
}

/** The planned point nearest to a position (an extra puncture is filed under it). */
export function nearestIndex(points: readonly [number, number][], at: [number, number]): number {
  let best = 0;
  let bestD = Infinity;
  const k = Math.cos((at[1] * Math.PI) / 180);
  points.forEach((p, i) => {
    const d = ((p[0] - at[0]) * k) ** 2 + (p[1] - at[1]) ** 2;
    if (d < bestD) [best, bestD] = [i, d];
  });
  return best;
}
