import type { TAddGardenTestBody } from '@gleba/contracts';

/**
 * Tests added while offline: kept in local storage (survives closing the app) and sent, oldest
 * first, when the connection returns. An item the server refuses (wrong code, already added) is
 * dropped and reported; a network failure stops the run and keeps the rest for the next one.
 * The photo is not queued (a file cannot be kept in local storage): it can be added later.
 */
export const OFFLINE_QUEUE_KEY = 'gleba_offline_tests';

export interface QueuedTest {
  barcode: string;
  /** Whose test it is: another user signing in on this device does not send it. */
  userId: string;
  body: TAddGardenTestBody;
  queuedAt: string;
}

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const isQueued = (v: unknown): v is QueuedTest =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as QueuedTest).barcode === 'string' &&
  typeof (v as QueuedTest).userId === 'string' &&
  typeof (v as QueuedTest).body === 'object' &&
  (v as QueuedTest).body !== null;

export function readQueue(storage: Store = localStorage): QueuedTest[] {
  try {
    const parsed = JSON.parse(storage.getItem(OFFLINE_QUEUE_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isQueued) : [];
  } catch {
    return [];
  }
}

function writeQueue(items: QueuedTest[], storage: Store): void {
  if (items.length === 0) storage.removeItem(OFFLINE_QUEUE_KEY);
  else storage.setItem(OFFLINE_QUEUE_KEY, JSON.stringify(items));
}

/** Queues a test; the same code queued again replaces the earlier details. */
export function enqueueTest(
  body: TAddGardenTestBody,
  userId: string,
  storage: Store = localStorage,
  now = new Date(),
): QueuedTest {
  const item: QueuedTest = { barcode: body.barcode, userId, body, queuedAt: now.toISOString() };
  writeQueue([...readQueue(storage).filter((q) => q.barcode !== body.barcode), item], storage);
  return item;
}

export interface FlushResult {
  sent: QueuedTest[];
  refused: { item: QueuedTest; error: unknown }[];
  /** Still queued (the connection failed again). */
  remaining: number;
}

let running: Promise<FlushResult> | null = null;

/** Sends the user's queued tests in order; one run at a time (two `online` events share it). */
export function flushQueue(options: {
  userId: string;
  send: (body: TAddGardenTestBody) => Promise<unknown>;
  isNetworkError: (e: unknown) => boolean;
  storage?: Store;
}): Promise<FlushResult> {
  if (running) return running;
  const storage = options.storage ?? localStorage;
  running = (async () => {
    const result: FlushResult = { sent: [], refused: [], remaining: 0 };
    for (const item of readQueue(storage).filter((q) => q.userId === options.userId)) {
      try {
        await options.send(item.body);
        result.sent.push(item);
      } catch (error) {
        if (options.isNetworkError(error)) break;
        result.refused.push({ item, error });
      }
      // Re-read: a test queued meanwhile (another tab, the user) stays.
      writeQueue(
        readQueue(storage).filter((q) => q.barcode !== item.barcode || q.queuedAt !== item.queuedAt),
        storage,
      );
    }
    result.remaining = readQueue(storage).filter((q) => q.userId === options.userId).length;
    return result;
  })().finally(() => {
    running = null;
  });
  return running;
}
