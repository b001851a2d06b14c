import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ComplaintsTable, Database } from '../database';
import { RESULTS_STATUSES } from '../../domain/complaints';

type Db = Kysely<Database> | Transaction<Database>;
export type ComplaintRow = Selectable<ComplaintsTable> & { order_number: string; barcode: string };

const withTest = (db: Db) =>
  db
    .selectFrom('complaints as c')
    .innerJoin('garden_tests as t', 't.id', 'c.test_id')
    .selectAll('c')
    .select(['t.order_number', 't.barcode']);

/** When the test's latest results arrived (the latest change into a results status). */
export async function resultsDateOf(db: Db, testId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('status_history')
    .select((eb) => eb.fn.max('change_date').as('at'))
    .where('subject_id', '=', testId)
    .where('status', 'in', RESULTS_STATUSES)
    .executeTakeFirst();
  return row?.at ? new Date(row.at as Date | string) : null;
}

export async function insertComplaint(
  db: Db,
  values: { id: string; testId: string; userId: string; reason: string; text: string; photo: unknown },
): Promise<void> {
  await db
    .insertInto('complaints')
    .values({
      id: values.id,
      test_id: values.testId,
      user_id: values.userId,
      reason: values.reason,
      text: values.text,
      photo: JSON.stringify(values.photo),
    })
    .execute();
}

export async function getComplaint(db: Db, id: string, userId?: string): Promise<ComplaintRow | undefined> {
  let q = withTest(db).where('c.id', '=', id);
  if (userId) q = q.where('c.user_id', '=', userId);
  return q.executeTakeFirst();
}

export async function lockComplaint(trx: Transaction<Database>, id: string) {
  return trx.selectFrom('complaints').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function complaintsOfTest(db: Db, testId: string, userId: string): Promise<ComplaintRow[]> {
  return withTest(db)
    .where('c.test_id', '=', testId)
    .where('c.user_id', '=', userId)
    .orderBy('c.created_at', 'desc')
    .execute();
}

/** The admin's list: open ones first, newest first; `status` narrows it. */
export async function listComplaints(
  db: Db,
  query: { status?: string; page: number; perPage: number },
): Promise<{ rows: ComplaintRow[]; total: number }> {
  let base = db.selectFrom('complaints as c');
  if (query.status) base = base.where('c.status', '=', query.status);
  let q = withTest(db);
  if (query.status) q = q.where('c.status', '=', query.status);
  const [rows, count] = await Promise.all([
    q
      .orderBy((eb) => eb.case().when('c.status', '=', 'OPEN').then(0).else(1).end())
      .orderBy('c.created_at', 'desc')
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function saveAnswer(
  trx: Transaction<Database>,
  id: string,
  answer: { text: string; retest: boolean; byUserId: string; at: Date },
): Promise<void> {
  await trx
    .updateTable('complaints')
    .set({
      status: answer.retest ? 'RETESTING' : 'ANSWERED',
      answer: answer.text,
      retest: answer.retest,
      answered_by_user_id: answer.byUserId,
      answered_at: answer.at,
    })
    .where('id', '=', id)
    .execute();
}

/** New results of a re-tested sample close its re-tests. */
export async function markRetested(trx: Transaction<Database>, testId: string): Promise<number> {
  const res = await trx
    .updateTable('complaints')
    .set({ status: 'RETESTED' })
    .where('test_id', '=', testId)
    .where('status', '=', 'RETESTING')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
