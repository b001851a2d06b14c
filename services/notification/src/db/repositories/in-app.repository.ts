import { sql } from 'kysely';
import type { InAppFilter, NotificationType } from '@gleba/contracts';
import type { Params } from '../../domain/templates';
import type { Db } from './contacts.repository';

export interface InAppNotification {
  id: string;
  type: NotificationType;
  content: string;
  params: Params;
  seen: boolean;
  createdAt: Date;
}

export async function listInApp(
  db: Db,
  userId: string,
  q: { page: number; perPage: number; filter: InAppFilter; direction: 'asc' | 'desc' },
): Promise<{ items: InAppNotification[]; total: number }> {
  let base = db.selectFrom('in_app_notifications').where('user_id', '=', userId);
  if (q.filter === 'unread') base = base.where('seen', '=', false);
  // One query: the page with the total beside each row (a window count). A page past the end has
  // no rows to carry it, so only then is the total counted apart.
  const rows = await base
    .selectAll()
    .select((eb) => eb.fn.countAll<string>().over().as('total_count'))
    .orderBy('created_at', q.direction)
    .orderBy('id', q.direction)
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .execute();
  const total =
    rows.length > 0
      ? Number(rows[0]!.total_count)
      : q.page === 1
        ? 0
        : Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      type: r.type as NotificationType,
      content: r.content,
      params: r.params as unknown as Params,
      seen: r.seen,
      createdAt: r.created_at,
    })),
  };
}

export async function countUnseen(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('in_app_notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('seen', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one of the user's notifications seen; false when the user has no such notification. */
export async function markSeen(db: Db, userId: string, id: string): Promise<boolean> {
  const row = await db
    .updateTable('in_app_notifications')
    .set((eb) => ({ seen: true, seen_at: eb.fn.coalesce('seen_at', eb.val(new Date())) }))
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The user's notification state as a cursor (newest creation time in microseconds, and the
 * unseen count: a new notification or one marked seen changes it) and the unseen count.
 */
export async function inAppState(db: Db, userId: string): Promise<{ cursor: string; unseenCount: number }> {
  const { rows } = await sql<{ newest: string; unseen: number }>`
    select coalesce(max((extract(epoch from created_at) * 1000000)::bigint), 0)::text as newest,
      (count(*) filter (where not seen))::int as unseen
    from in_app_notifications where user_id = ${userId}`.execute(db);
  const r = rows[0]!;
  return { cursor: `${r.newest}-${r.unseen}`, unseenCount: r.unseen };
}
