import { SAMPLING_LIMITS, type TTakenPuncture } from '@gleba/contracts';

/**
 * The punctures a sample keeps after a recording: the stored ones, then the new ones not yet
 * stored (by id, so a resend from the offline queue changes nothing), in the order they were
 * taken. Null when the sample would keep more than `SAMPLING_LIMITS.takenPerSample`.
 */
export function mergePunctures(
  stored: TTakenPuncture[],
  incoming: TTakenPuncture[],
): TTakenPuncture[] | null {
  const seen = new Set(stored.map((p) => p.id));
  const fresh: TTakenPuncture[] = [];
  for (const p of incoming) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    fresh.push(p);
  }
  const all = [...stored, ...fresh].sort((a, b) => Date.parse(a.takenAt) - Date.parse(b.takenAt));
  return all.length > SAMPLING_LIMITS.takenPerSample ? null : all;
}
