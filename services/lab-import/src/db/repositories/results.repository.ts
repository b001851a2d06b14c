import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../database';
import { joinRecommendation } from '../../domain/recommendation';
import { expandElements } from '../../domain/rows';
import type { ResultRecord, SampleRecord } from '../../domain/results-view';

const SAMPLE_COLUMNS = [
  'sample_id',
  'code',
  'order_id',
  'order_number',
  'user_id',
  'kind',
  'basic_test_type',
  'additional_test_types',
  'field_name',
  'plant_id',
  'crop_id',
  'area_ha',
  'area_ares',
  'cancelled_at',
  'registered_at',
] as const;

const RESULT_COLUMNS = [
  'results.sample_id',
  'results.test_type',
  'results.agronomic_category',
  'results.elements',
  'results.classes',
  'results.recommendation',
  'results.recommendation_measured',
  'results.recommendation_error',
  'results.rulesets',
  'results.version',
  'results.created_at',
  'results.updated_at',
  'recommendations.body as recommendation_body',
] as const;

export type SampleWithOwner = SampleRecord & { user_id: string; registered_at: Date };

function toSample(row: Record<string, unknown>): SampleWithOwner {
  return {
    ...(row as unknown as SampleWithOwner),
    area_ha: row.area_ha === null ? null : Number(row.area_ha),
    area_ares: row.area_ares === null ? null : Number(row.area_ares),
  };
}

export async function findSample(
  db: Kysely<Database>,
  sampleId: string,
): Promise<SampleWithOwner | undefined> {
  const row = await db
    .selectFrom('expected_samples')
    .select(SAMPLE_COLUMNS)
    .where('sample_id', '=', sampleId)
    .executeTakeFirst();
  return row ? toSample(row) : undefined;
}

export async function samplesWhere(
  db: Kysely<Database>,
  filter: { orderId?: string; userId?: string; cropId?: string; fieldName?: string; code?: string },
  limit = 500,
): Promise<SampleWithOwner[]> {
  let q = db.selectFrom('expected_samples').select(SAMPLE_COLUMNS);
  if (filter.orderId) q = q.where('order_id', '=', filter.orderId);
  if (filter.userId) q = q.where('user_id', '=', filter.userId);
  if (filter.cropId) q = q.where('crop_id', '=', filter.cropId);
  if (filter.code) q = q.where('code', '=', filter.code);
  if (filter.fieldName)
    q = q.where((eb) => eb(eb.fn('lower', ['field_name']), '=', filter.fieldName!.toLowerCase()));
  const rows = await q.orderBy('registered_at', 'asc').orderBy('code', 'asc').limit(limit).execute();
  return rows.map(toSample);
}

export async function resultsOf(
  db: Kysely<Database>,
  sampleIds: readonly string[],
): Promise<Map<string, ResultRecord[]>> {
  const out = new Map<string, ResultRecord[]>();
  if (sampleIds.length === 0) return out;
  const rows = await db
    .selectFrom('results')
    .leftJoin('recommendations', 'recommendations.id', 'results.recommendation_id')
    .select(RESULT_COLUMNS)
    .where('results.sample_id', 'in', [...sampleIds])
    .orderBy('results.test_type')
    .execute();
  for (const row of rows) {
    const { recommendation_body, recommendation_measured, elements, ...r } = row;
    const joined = joinRecommendation({
      recommendation: r.recommendation as ResultRecord['recommendation'],
      rulesets: r.rulesets,
      recommendation_body,
      recommendation_measured: recommendation_measured as Parameters<
        typeof joinRecommendation
      >[0]['recommendation_measured'],
    });
    const list = out.get(r.sample_id) ?? [];
    list.push({ ...r, elements: expandElements(elements), ...joined } as unknown as ResultRecord);
    out.set(r.sample_id, list);
  }
  return out;
}

/**
 * The end of an insert into `results`: a sample's result of a test type already stored is replaced
 * and its `version` bumped, never duplicated. Returns each row's sample, test type and whether it
 * is new.
 */
export const RESULT_UPSERT = sql`
  on conflict (sample_id, test_type) do update set
    agronomic_category = excluded.agronomic_category,
    elements = excluded.elements,
    classes = excluded.classes,
    recommendation = excluded.recommendation,
    recommendation_id = excluded.recommendation_id,
    recommendation_measured = excluded.recommendation_measured,
    recommendation_error = excluded.recommendation_error,
    rulesets = excluded.rulesets,
    import_id = excluded.import_id,
    version = results.version + 1,
    updated_at = now()
  returning sample_id, test_type, (xmax = 0) as inserted
`;

/**
 * Stores shared recommendations (id -> body JSON) that are not stored yet. In id order, so two
 * transactions inserting the same ones (a check and an apply, two batches) lock them in one order.
 */
export async function storeRecommendations(
  trx: Transaction<Database>,
  bodies: ReadonlyMap<string, string>,
): Promise<void> {
  if (bodies.size === 0) return;
  await trx
    .insertInto('recommendations')
    .values([...bodies].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([id, body]) => ({ id, body })))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** The punctures recorded for a sample on the sampling screen, or null when none were. */
export async function puncturesOf(
  db: Kysely<Database>,
  sampleId: string,
): Promise<{ taken: number; planned: number } | null> {
  const row = await db
    .selectFrom('sample_punctures')
    .select(['punctures_taken', 'punctures_planned'])
    .where('sample_id', '=', sampleId)
    .executeTakeFirst();
  return row ? { taken: row.punctures_taken, planned: row.punctures_planned } : null;
}

/** A result an insert wrote: its sample, test type and whether it is new (not a replaced one). */
export interface WrittenResult {
  sample_id: string;
  test_type: string;
  inserted: boolean;
}

/**
 * Stores a batch of checked rows as results at once (the recordset of the direct apply's columns).
 * Every row is written (one row per sample in a batch); returns the samples whose result replaced
 * one stored before, the others being new.
 */
export async function insertResults(
  trx: Transaction<Database>,
  importId: string,
  rows: Uint8Array | string,
): Promise<Set<string>> {
  const replaced = await sql<{ sample_id: string }>`
    with written as (
      insert into results (id, sample_id, test_type, agronomic_category, elements, classes, recommendation, recommendation_id, recommendation_measured, recommendation_error, rulesets, import_id)
      select gen_random_uuid(), x.sample_id, x.test_type, x.category, x.elements, x.classes, null, x.recommendation_id, x.recommendation_measured, x.recommendation_error, null, ${importId}
      from json_to_recordset(${rows}::json)
        as x(sample_id uuid, test_type text, category text, elements json, classes json, recommendation_id text, recommendation_measured json, recommendation_error text)
      ${RESULT_UPSERT}
    )
    select sample_id from written where not inserted
  `.execute(trx);
  return new Set(replaced.rows.map((r) => r.sample_id));
}

/**
 * Stores the staged rows of the orders as results (except `rejectedRows`), with their staged advice
 * or the one computed again (`recomputed`, a recordset by row number). Results stored before keep
 * nothing of their old whole recommendation or rulesets (the shared body has both).
 */
export async function applyStagedRows(
  trx: Transaction<Database>,
  importId: string,
  orderIds: readonly string[],
  recomputed: string,
  rejectedRows: readonly number[],
): Promise<WrittenResult[]> {
  return (
    await sql<WrittenResult>`
      insert into results (id, sample_id, test_type, agronomic_category, elements, classes, recommendation, recommendation_id, recommendation_measured, recommendation_error, rulesets, import_id)
      select gen_random_uuid(), r.sample_id, r.test_type, r.category, r.elements,
        case when x.row_number is null then r.classes else x.classes end, null,
        case when x.row_number is null then r.recommendation_id else x.recommendation_id end,
        case when x.row_number is null then r.recommendation_measured else x.recommendation_measured end,
        case when x.row_number is null then r.recommendation_error else x.recommendation_error end,
        null, ${importId}
      from import_rows r
      left join json_to_recordset(${recomputed}::json)
        as x(row_number integer, classes json, recommendation_id text, recommendation_measured json, recommendation_error text)
        on x.row_number = r.row_number
      where r.import_id = ${importId} and r.order_id = any(${orderIds}::uuid[]) and r.row_number <> all(${rejectedRows}::integer[])
      ${RESULT_UPSERT}
    `.execute(trx)
  ).rows;
}

/**
 * The completeness rule, the one place it is written: of `orderIds`, the orders that are not
 * complete, i.e. have a live sample without a result for a test ordered for it (results of this
 * transaction included). Both apply paths ask it once per transaction or batch of orders.
 */
export async function incompleteOrders(
  trx: Transaction<Database>,
  orderIds: readonly string[],
): Promise<Set<string>> {
  if (orderIds.length === 0) return new Set();
  const rows = await sql<{ order_id: string }>`
    select distinct s.order_id from expected_samples s
    cross join lateral (select s.basic_test_type as test_type union all select jsonb_array_elements_text(s.additional_test_types)) t
    where s.order_id = any(${orderIds}::uuid[]) and s.cancelled_at is null
      and not exists (select 1 from results r where r.sample_id = s.sample_id and r.test_type = t.test_type)
  `.execute(trx);
  return new Set(rows.rows.map((r) => r.order_id));
}
