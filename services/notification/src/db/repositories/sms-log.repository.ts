import { randomUUID } from 'node:crypto';
import type { TSmsLogEntry } from '@gleba/contracts';
import { preparedStatement } from '@gleba/platform';
import type { Db } from './contacts.repository';

// Once per SMS kept instead of sent: prepared (parsed once per connection).
const INSERT_SMS_LOG = preparedStatement<{ created_at: Date }>(
  'insert into sms_log (id, delivery_id, "to", "from", body, segments, encoding) values ($1, $2, $3, $4, $5, $6, $7) returning created_at',
);

export async function insertSmsLog(
  db: Db,
  entry: {
    deliveryId: string | null;
    to: string;
    from: string;
    body: string;
    segments: number;
    encoding: 'GSM7' | 'UCS2';
  },
): Promise<{ id: string; createdAt: Date }> {
  const id = randomUUID();
  const { rows } = await db.executeQuery(
    INSERT_SMS_LOG([id, entry.deliveryId, entry.to, entry.from, entry.body, entry.segments, entry.encoding]),
  );
  return { id, createdAt: rows[0]!.created_at };
}

export async function listSmsLog(
  db: Db,
  q: { page: number; perPage: number },
): Promise<{ items: TSmsLogEntry[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('sms_log')
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
      .execute(),
    db
      .selectFrom('sms_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.n),
    items: rows.map((r) => ({
      id: r.id,
      deliveryId: r.delivery_id,
      to: r.to,
      from: r.from,
      body: r.body,
      segments: r.segments,
      encoding: r.encoding as 'GSM7' | 'UCS2' | null,
      createdAt: r.created_at.toISOString(),
    })),
  };
}
