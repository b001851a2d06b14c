import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../database';

export type SubjectKind = 'FARM' | 'GARDEN';

export interface StatusHistoryEntry {
  status: string;
  from: string | null;
  updatedByUserId: string | null;
  changeDate: string;
}

export async function addHistory(
  trx: Transaction<Database>,
  kind: SubjectKind,
  subjectId: string,
  from: string | null,
  to: string,
  byUserId: string | null,
): Promise<void> {
  await trx
    .insertInto('status_history')
    .values({
      subject_kind: kind,
      subject_id: subjectId,
      from_status: from,
      status: to,
      updated_by_user_id: byUserId,
    })
    .execute();
}

export async function historyOf(
  db: Kysely<Database> | Transaction<Database>,
  subjectId: string,
): Promise<StatusHistoryEntry[]> {
  const rows = await db
    .selectFrom('status_history')
    .selectAll()
    .where('subject_id', '=', subjectId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    status: r.status,
    from: r.from_status,
    updatedByUserId: r.updated_by_user_id,
    changeDate: new Date(r.change_date).toISOString(),
  }));
}
