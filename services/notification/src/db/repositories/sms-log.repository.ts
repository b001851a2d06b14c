import { randomUUID } from 'node:crypto';
import type { TSmsLogEntry } from '@gleba/contracts';
import type { Db } from './contacts.repository';

export async function insertSmsLog(db: Db, entry: { deliveryId: string | null; to: string; from: string; body: string }): Promise<{ id: string; createdAt: Date }> {
  const id = randomUUID();
  const row = await db
    .insertInto('sms_log')
    .values({ id, delivery_id: entry.deliveryId, to: entry.to, from: entry.from, body: entry.body })
    .returning('created_at')
    .executeTakeFirstOrThrow();
  return { id, createdAt: row.created_at };
}

export async function listSmsLog(db: Db, q: { page: number; perPage: number }): Promise<{ items: TSmsLogEntry[]; total: number }> {
  const [rows, count] = await Promise.all([
    db.selectFrom('sms_log').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.perPage).offset((q.page - 1) * q.perPage).execute(),
    db.selectFrom('sms_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    items: rows.map((r) => ({ id: r.id, deliveryId: r.delivery_id, to: r.to, from: r.from, body: r.body, createdAt: r.created_at.toISOString() })),
  };
}
