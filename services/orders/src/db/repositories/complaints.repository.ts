import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { ComplaintsTable, Database } from '../database';
import { RESULTS_STATUSES } from '../../domain/complaints';

type Db = Kysely<Database> | Transaction<Database>;
export type ComplaintKind = 'FARM' | 'GARDEN';

/** A complaint with the sample it is about: a garden test, or a farm order's sample and its order. */
export type ComplaintRow = Selectable<ComplaintsTable> & {
  order_id: string;
  order_number: string;
  barcode: string;
  field_name: string;
  sector_name: string | null;
  sample_number: number | null;
};

/** The sample a complaint may be filed about: the customer's garden test or farm order sample. */
export interface ComplaintSubject {
  kind: ComplaintKind;
  testId: string;
  orderId: string;
  orderNumber: string;
  code: string;
  userId: string;
}

const withSample = (db: Db) =>
  db
    .selectFrom('complaints as c')
    .leftJoin('garden_tests as t', (j) => j.onRef('t.id', '=', 'c.test_id').on('c.kind', '=', 'GARDEN'))
    .leftJoin('farm_order_samples as s', (j) => j.onRef('s.id', '=', 'c.test_id').on('c.kind', '=', 'FARM'))
    .leftJoin('farm_orders as o', 'o.id', 's.order_id')
    .selectAll('c')
    .select([
      sql<string>`coalesce(o.id, t.id)`.as('order_id'),
      sql<string>`coalesce(o.order_number, t.order_number)`.as('order_number'),
      sql<string>`coalesce(s.code, t.barcode)`.as('barcode'),
      sql<string>`coalesce(s.field_name, t.garden_name)`.as('field_name'),
      's.sector_name',
      's.sample_number',
    ]);

/**
 * The garden test or farm sample `testId`, if `userId` owns it (any owner when omitted). A test
 * id is tried as a garden test first, then as a farm order's sample (the results page serves both).
 */
export async function complaintSubject(
  db: Db,
  testId: string,
  userId?: string,
): Promise<ComplaintSubject | undefined> {
  let garden = db
    .selectFrom('garden_tests')
    .select(['id', 'order_number', 'barcode', 'user_id'])
    .where('id', '=', testId);
  if (userId) garden = garden.where('user_id', '=', userId);
  const g = await garden.executeTakeFirst();
  if (g)
    return {
      kind: 'GARDEN',
      testId: g.id,
      orderId: g.id,
      orderNumber: g.order_number,
      code: g.barcode,
      userId: g.user_id,
    };
  let farm = db
    .selectFrom('farm_order_samples as s')
    .innerJoin('farm_orders as o', 'o.id', 's.order_id')
    .select(['s.id', 's.code', 'o.id as order_id', 'o.order_number', 'o.user_id'])
    .where('s.id', '=', testId);
  if (userId) farm = farm.where('o.user_id', '=', userId);
  const f = await farm.executeTakeFirst();
  return f
    ? {
        kind: 'FARM',
        testId: f.id,
        orderId: f.order_id,
        orderNumber: f.order_number,
        code: f.code,
        userId: f.user_id,
      }
    : undefined;
}

/**
 * When the sample's latest results arrived: a garden test's latest change into a results status,
 * a farm sample's latest import (`results_at`).
 */
export async function resultsDateOf(db: Db, subject: Pick<ComplaintSubject, 'kind' | 'testId'>) {
  if (subject.kind === 'FARM') {
    const row = await db
      .selectFrom('farm_order_samples')
      .select('results_at')
      .where('id', '=', subject.testId)
      .executeTakeFirst();
    return row?.results_at ? new Date(row.results_at) : null;
  }
  const row = await db
    .selectFrom('status_history')
    .select((eb) => eb.fn.max('change_date').as('at'))
    .where('subject_id', '=', subject.testId)
    .where('status', 'in', RESULTS_STATUSES)
    .executeTakeFirst();
  return row?.at ? new Date(row.at as Date | string) : null;
}

/** A farm import's samples have new results now (`codes` of order `orderId`); returns their ids. */
export async function recordFarmResults(
  trx: Transaction<Database>,
  orderId: string,
  codes: readonly string[],
  at: Date,
): Promise<string[]> {
  if (!codes.length) return [];
  const rows = await trx
    .updateTable('farm_order_samples')
    .set({ results_at: at })
    .where('order_id', '=', orderId)
    .where('code', 'in', codes)
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function insertComplaint(
  db: Db,
  values: {
    id: string;
    kind: ComplaintKind;
    testId: string;
    userId: string;
    reason: string;
    text: string;
    photo: unknown;
  },
): Promise<void> {
  await db
    .insertInto('complaints')
    .values({
      id: values.id,
      kind: values.kind,
      test_id: values.testId,
      user_id: values.userId,
      reason: values.reason,
      text: values.text,
      photo: JSON.stringify(values.photo),
    })
    .execute();
}

export async function getComplaint(db: Db, id: string, userId?: string): Promise<ComplaintRow | undefined> {
  let q = withSample(db).where('c.id', '=', id);
  if (userId) q = q.where('c.user_id', '=', userId);
  return q.executeTakeFirst();
}

export async function lockComplaint(trx: Transaction<Database>, id: string) {
  return trx.selectFrom('complaints').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Serialises filing complaints about one sample (a transaction-scoped advisory lock). */
export async function lockComplaintsOfTest(trx: Transaction<Database>, testId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`complaints:${testId}`}, 0))`.execute(trx);
}

export async function complaintsOfTest(db: Db, testId: string, userId: string): Promise<ComplaintRow[]> {
  return withSample(db)
    .where('c.test_id', '=', testId)
    .where('c.user_id', '=', userId)
    .orderBy('c.created_at', 'desc')
    .execute();
}

/** The admin's list of farm and garden complaints together: open ones first, newest first. */
export async function listComplaints(
  db: Db,
  query: { status?: string; page: number; perPage: number },
): Promise<{ rows: ComplaintRow[]; total: number }> {
  let base = db.selectFrom('complaints as c');
  if (query.status) base = base.where('c.status', '=', query.status);
  let q = withSample(db);
  if (query.status) q = q.where('c.status', '=', query.status);
  const [rows, count] = await Promise.all([
    q
      .orderBy((eb) => eb.case().when('c.status', '=', 'OPEN').then(0).else(1).end())
      .orderBy('c.created_at', 'desc')
      .orderBy('c.id')
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

/** New results of re-tested samples (garden tests or farm samples) close their re-tests. */
export async function markRetested(trx: Transaction<Database>, testIds: readonly string[]): Promise<number> {
  if (!testIds.length) return 0;
  const res = await trx
    .updateTable('complaints')
    .set({ status: 'RETESTED' })
    .where('test_id', 'in', testIds)
    .where('status', '=', 'RETESTING')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}
