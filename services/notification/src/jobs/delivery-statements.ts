import type { Kysely } from 'kysely';
import type { Database } from '../db/database';
import {
  deliveriesWithRecipients,
  recordSentMany,
  type DeliveryWithRecipient,
} from '../db/repositories/deliveries.repository';

type Sent = Parameters<typeof recordSentMany>[1][number];

/**
 * The two statements of every delivery job, shared by the jobs running at the same time: the
 * loads asked for in one turn of the event loop go to Postgres as one query, and so do the
 * records of the sends that succeeded. With DELIVERY_CONCURRENCY jobs per queue in flight, a
 * delivery then costs a fraction of two round trips. Each job still awaits its own rows and its
 * own record (a failed statement fails the jobs it carried, which BullMQ retries), so the worker
 * reads as if it ran its statements alone. Failures and skips are rare and stay single statements.
 */
export class DeliveryStatements {
  private loads = new Map<string, ((row: DeliveryWithRecipient | undefined) => void)[]>();
  private loadFailures = new Map<string, ((error: unknown) => void)[]>();
  private records: { sent: Sent; done: () => void; failed: (error: unknown) => void }[] = [];
  private scheduled = false;

  constructor(private readonly db: Kysely<Database>) {}

  /** The delivery with its contact and preference (`deliveryWithRecipient`). */
  load(id: string): Promise<DeliveryWithRecipient | undefined> {
    return new Promise((resolve, reject) => {
      this.loads.set(id, [...(this.loads.get(id) ?? []), resolve]);
      this.loadFailures.set(id, [...(this.loadFailures.get(id) ?? []), reject]);
      this.schedule();
    });
  }

  /** Records a send (`recordOutcome` with SENT or LOGGED). */
  recordSent(sent: Sent): Promise<void> {
    return new Promise((done, failed) => {
      this.records.push({ sent, done, failed });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    const loads = this.loads;
    const loadFailures = this.loadFailures;
    this.loads = new Map();
    this.loadFailures = new Map();
    if (loads.size > 0)
      deliveriesWithRecipients(this.db, [...loads.keys()]).then(
        (rows) => {
          for (const [id, waiting] of loads) for (const resolve of waiting) resolve(rows.get(id));
        },
        (error: unknown) => {
          for (const waiting of loadFailures.values()) for (const reject of waiting) reject(error);
        },
      );
    const records = this.records;
    this.records = [];
    if (records.length > 0)
      recordSentMany(
        this.db,
        records.map((r) => r.sent),
      ).then(
        () => records.forEach((r) => r.done()),
        (error: unknown) => records.forEach((r) => r.failed(error)),
      );
  }
}
