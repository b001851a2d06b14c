import { SAMPLING_LIMITS, type TTakenPuncture } from '@gleba/contracts';

/**
 * Punctures taken on the sampling screen (decision 0058) wait here, in local storage, until the
 * orders service has them: every tap is queued first and the queue is sent at once when online,
 * else when the connection returns (the same moment as the tests added offline). Sending again is
 * harmless (the server keeps a puncture once, by its id). A batch the server refuses (the order
 * was cancelled meanwhile, too many punctures) is dropped and reported; a network failure stops
 * the run and keeps the rest.
 */
export const PUNCTURES_QUEUE_KEY = 'gleba_offline_punctures';

export interface QueuedPuncture {
  userId: string;
  orderId: string;
  sampleId: string;
  code: string;
  puncture: TTakenPuncture;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isQueued = (v: unknown): v is QueuedPuncture => {
  const q = v as QueuedPuncture;
  return (
    typeof v === 'object' &&
    v !== null &&
    typeof q.userId === 'string' &&
    typeof q.orderId === 'string' &&
    typeof q.sampleId === 'string' &&
    typeof q.puncture === 'object' &&
    q.puncture !== null &&
    typeof q.puncture.id === 'string'
  );
};

export function readPunctures(storage: Store = localStorage): QueuedPuncture[] {
  try {
    const parsed = JSON.parse(storage.getItem(PUNCTURES_QUEUE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isQueued) : [];
  } catch {
    return [];
  }
}

function write(items: QueuedPuncture[], storage: Store): void {
  if (items.length === 0) storage.removeItem(PUNCTURES_QUEUE_KEY);
  else storage.setItem(PUNCTURES_QUEUE_KEY, JSON.stringify(items));
}

export function enqueuePuncture(item: QueuedPuncture, storage: Store = localStorage): void {
  write([...readPunctures(storage).filter((q) => q.puncture.id !== item.puncture.id), item], storage);
}

const listeners = new Set<() => void>();
/** Tells the screens that show the queue (the sampling screen) that it changed. */
export function subscribePunctures(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
export const notifyPunctures = () => listeners.forEach((fn) => fn());

export interface PuncturesFlushResult {
  sent: number;
  refused: { code: string; error: unknown }[];
  remaining: number;
}

let running: Promise<PuncturesFlushResult> | null = null;

/** Sends the user's queued punctures, one request per sample (at most the server's batch). */
export function flushPunctures(options: {
  userId: string;
  send: (orderId: string, sampleId: string, punctures: TTakenPuncture[]) => Promise<unknown>;
  isNetworkError: (e: unknown) => boolean;
  storage?: Store;
}): Promise<PuncturesFlushResult> {
  if (running) return running;
  const storage = options.storage ?? localStorage;
  running = (async () => {
    const result: PuncturesFlushResult = { sent: 0, refused: [], remaining: 0 };
    const mine = readPunctures(storage).filter((q) => q.userId === options.userId);
    const bySample = new Map<string, QueuedPuncture[]>();
    for (const q of mine) bySample.set(q.sampleId, [...(bySample.get(q.sampleId) ?? []), q]);
    for (const items of bySample.values()) {
      const batch = items.slice(0, SAMPLING_LIMITS.takenPerSample);
      const first = batch[0]!;
      try {
        await options.send(
          first.orderId,
          first.sampleId,
          batch.map((q) => q.puncture),
        );
        result.sent += batch.length;
      } catch (error) {
        if (options.isNetworkError(error)) break;
        result.refused.push({ code: first.code, error });
      }
      const done = new Set(batch.map((q) => q.puncture.id));
      write(
        readPunctures(storage).filter((q) => !done.has(q.puncture.id)),
        storage,
      );
    }
    result.remaining = readPunctures(storage).filter((q) => q.userId === options.userId).length;
    notifyPunctures();
    return result;
  })().finally(() => {
    running = null;
  });
  return running;
}
