import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { TAdminOrdersQuery } from '@gleba/contracts';
import type { Database } from '../database';

type Db = Kysely<Database> | Transaction<Database>;

/** The user's farm orders whose status is (archive) or is not (running) one of `ended`. */
export async function farmOrdersOfUser(db: Db, userId: string, archive: boolean, ended: readonly string[]) {
  return db
    .selectFrom('farm_orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', archive ? 'in' : 'not in', ended)
    .execute();
}

/** The user's garden tests whose status is (archive) or is not (running) one of `ended`. */
export async function gardenTestsOfUser(db: Db, userId: string, archive: boolean, ended: readonly string[]) {
  return db
    .selectFrom('garden_tests')
    .selectAll()
    .where('user_id', '=', userId)
    .where('status', archive ? 'in' : 'not in', ended)
    .execute();
}

/** The admin table's filters, worked out from its query by the use case. */
export interface AdminOrdersFilter {
  tab: { op: 'in' | 'not in'; statuses: readonly string[] } | null;
  /** Late orders only: awaiting samples in `statuses`, started before `before`, none shipped. */
  late: { statuses: readonly string[]; before: Date } | null;
  from: Date | null;
  to: Date | null;
  /** An ilike pattern for the customer and order number, and the exact code searched for. */
  like: string | null;
  exact: string | null;
  column: 'created_at' | 'order_number' | 'total_price' | 'price' | 'status';
  dir: 'asc' | 'desc';
}

const customerSearch = (like: string | null): Expression<SqlBool>[] => [
  sql<SqlBool>`customer->>'email' ilike ${like}`,
  sql<SqlBool>`customer->>'firstName' ilike ${like}`,
  sql<SqlBool>`customer->>'lastName' ilike ${like}`,
  sql<SqlBool>`(customer->>'firstName') || ' ' || (customer->>'lastName') ilike ${like}`,
  sql<SqlBool>`order_number ilike ${like}`,
];

/** One page of farm orders for the admin table, and how many match. */
export async function adminFarmOrdersPage(db: Db, q: TAdminOrdersQuery, f: AdminOrdersFilter) {
  const { tab, like, exact, from, to } = f;
  let base = db.selectFrom('farm_orders');
  if (tab) base = base.where('status', tab.op, tab.statuses);
  if (q.status) base = base.where('status', '=', q.status);
  if (q.type) base = base.where('type', '=', q.type);
  if (q.paymentStatus) base = base.where('payment_status', '=', q.paymentStatus);
  if (q.paymentMethod) base = base.where('payment_method', '=', q.paymentMethod);
  if (f.late)
    base = base
      .where('status', 'in', f.late.statuses)
      .where('samples_shipped_at', 'is', null)
      .where('kit_sent_at', '<', f.late.before);
  if (from) base = base.where('created_at', '>=', from);
  if (to) base = base.where('created_at', '<', to);
  if (like) {
    base = base.where((eb) =>
      eb.or([
        ...customerSearch(like),
        eb.exists(
          eb
            .selectFrom('farm_order_samples as s')
            .select('s.id')
            .whereRef('s.order_id', '=', 'farm_orders.id')
            .where('s.code', '=', exact!),
        ),
      ]),
    );
  }
  const column = f.column as 'created_at';
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(column, f.dir)
      .orderBy('id')
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}

/** One page of garden tests for the admin table, and how many match. */
export async function adminGardenTestsPage(db: Db, q: TAdminOrdersQuery, f: AdminOrdersFilter) {
  const { tab, like, exact, from, to } = f;
  let base = db.selectFrom('garden_tests');
  if (tab) base = base.where('status', tab.op, tab.statuses);
  if (q.status) base = base.where('status', '=', q.status);
  if (f.late)
    base = base
      .where('status', 'in', f.late.statuses)
      .where('samples_shipped_at', 'is', null)
      .where('samples_sent_at', '<', f.late.before);
  if (from) base = base.where('created_at', '>=', from);
  if (to) base = base.where('created_at', '<', to);
  // Garden tests are paid with their kit: a payment filter other than PAID matches none.
  if (q.paymentStatus && q.paymentStatus !== 'PAID') base = base.where(sql<SqlBool>`false`);
  if (q.type && q.type !== 'STANDARD') base = base.where(sql<SqlBool>`false`);
  if (q.paymentMethod) base = base.where(sql<SqlBool>`false`);
  if (like) base = base.where((eb) => eb.or([...customerSearch(like), eb('barcode', '=', exact!)]));
  const column = f.column as 'created_at';
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(column, f.dir)
      .orderBy('id')
      .limit(q.perPage)
      .offset((q.page - 1) * q.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}
