import { preparedStatement } from '@gleba/platform';
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

interface ListRow {
  id: string;
  type: string;
  content: string;
  params: Params;
  seen: boolean;
  created_at: Date;
  total_count: number;
}

/** The hot reads: prepared statements (parsed once per connection, not built and compiled per call). */
const listSql = (filter: InAppFilter, direction: 'asc' | 'desc') =>
  preparedStatement<ListRow>(`select id, type, content, params, seen, created_at, count(*) over () as total_count from in_app_notifications
    where user_id = $1${filter === 'unread' ? ' and not seen' : ''} order by created_at ${direction}, id ${direction} limit $2 offset $3`);
const countSql = (filter: InAppFilter) =>
  preparedStatement<{ n: number }>(
    `select count(*) as n from in_app_notifications where user_id = $1${filter === 'unread' ? ' and not seen' : ''}`,
  );
const LIST_SQL = {
  all: { asc: listSql('all', 'asc'), desc: listSql('all', 'desc') },
  unread: { asc: listSql('unread', 'asc'), desc: listSql('unread', 'desc') },
} as const;
const COUNT_SQL = { all: countSql('all'), unread: countSql('unread') } as const;
// The cursor: newest creation time in microseconds, and the unseen count (a new notification or
// one marked seen changes it).
const STATE_SQL = preparedStatement<{
  newest: string;
  unseen: number;
}>(`select coalesce(max((extract(epoch from created_at) * 1000000)::bigint), 0)::text as newest,
    (count(*) filter (where not seen))::int as unseen
  from in_app_notifications where user_id = $1`);

export async function listInApp(
  db: Db,
  userId: string,
  q: { page: number; perPage: number; filter: InAppFilter; direction: 'asc' | 'desc' },
): Promise<{ items: InAppNotification[]; total: number }> {
  // One query: the page with the total beside each row (a window count). A page past the end has
  // no rows to carry it, so only then is the total counted apart.
  const { rows } = await db.executeQuery(
    LIST_SQL[q.filter][q.direction]([userId, q.perPage, (q.page - 1) * q.perPage]),
  );
  const total =
    rows.length > 0
      ? Number(rows[0]!.total_count)
      : q.page === 1
        ? 0
        : Number((await db.executeQuery(COUNT_SQL[q.filter]([userId]))).rows[0]!.n);
  return {
    total,
    items: rows.map((r) => ({
      id: r.id,
      type: r.type as NotificationType,
      content: r.content,
      params: r.params,
      seen: r.seen,
      createdAt: r.created_at,
    })),
  };
}

export async function countUnseen(db: Db, userId: string): Promise<number> {
  const { rows } = await db.executeQuery(COUNT_SQL.unread([userId]));
  return Number(rows[0]!.n);
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

/** The user's notification state: the cursor (see STATE_SQL) and the unseen count. */
export async function inAppState(db: Db, userId: string): Promise<{ cursor: string; unseenCount: number }> {
  const { rows } = await db.executeQuery(STATE_SQL([userId]));
  const r = rows[0]!;
  return { cursor: `${r.newest}-${r.unseen}`, unseenCount: r.unseen };
}
