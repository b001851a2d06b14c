import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { PRIVACY_SERVICES, type PrivacyRequestKind, type PrivacyService } from '@gleba/contracts';
import type { Database, PrivacyRequestServicesTable, PrivacyRequestsTable } from '../database';

type Db = Kysely<Database> | Transaction<Database>;
export type RequestedBy = 'OWNER' | 'ADMIN' | 'RETENTION';

export interface PrivacyServiceAnswer {
  service: PrivacyService;
  answeredAt: Date | null;
  attempts: number;
}

export interface PrivacyRequest {
  id: string;
  userId: string;
  kind: PrivacyRequestKind;
  requestedBy: RequestedBy;
  requestedAt: Date;
  completedAt: Date | null;
  overdueAt: Date | null;
  archiveExpiresAt: Date | null;
  hasArchive: boolean;
  services: PrivacyServiceAnswer[];
}

type RequestRow = Omit<Selectable<PrivacyRequestsTable>, 'archive'> & { has_archive: boolean };

function toPrivacyRequest(
  row: RequestRow,
  services: Selectable<PrivacyRequestServicesTable>[],
): PrivacyRequest {
  return {
    id: row.id,
    userId: row.user_id,
    kind: row.kind,
    requestedBy: row.requested_by,
    requestedAt: row.requested_at,
    completedAt: row.completed_at,
    overdueAt: row.overdue_at,
    archiveExpiresAt: row.archive_expires_at,
    hasArchive: row.has_archive,
    services: PRIVACY_SERVICES.map((service) => {
      const s = services.find((x) => x.service === service);
      return { service, answeredAt: s?.answered_at ?? null, attempts: s?.attempts ?? 1 };
    }),
  };
}

const requestColumns = [
  'id',
  'user_id',
  'kind',
  'requested_by',
  'requested_at',
  'completed_at',
  'overdue_at',
  'archive_expires_at',
  sql<boolean>`archive is not null`.as('has_archive'),
] as const;

async function withServices(db: Db, rows: RequestRow[]): Promise<PrivacyRequest[]> {
  if (rows.length === 0) return [];
  const services = await db
    .selectFrom('privacy_request_services')
    .select(['request_id', 'service', 'answered_at', 'attempts', sql<null>`null`.as('part')])
    .where(
      'request_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  return rows.map((r) =>
    toPrivacyRequest(
      r,
      services.filter((s) => s.request_id === r.id),
    ),
  );
}

/** The open request of this kind, locked (asking twice returns it instead of a second one). */
export async function findOpenRequest(
  trx: Transaction<Database>,
  userId: string,
  kind: PrivacyRequestKind,
): Promise<PrivacyRequest | undefined> {
  const row = await trx
    .selectFrom('privacy_requests')
    .select(requestColumns)
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('completed_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  return row ? (await withServices(trx, [row]))[0] : undefined;
}

export async function insertRequest(
  trx: Transaction<Database>,
  values: { id: string; userId: string; kind: PrivacyRequestKind; requestedBy: RequestedBy },
): Promise<void> {
  await trx
    .insertInto('privacy_requests')
    .values({ id: values.id, user_id: values.userId, kind: values.kind, requested_by: values.requestedBy })
    .execute();
  await trx
    .insertInto('privacy_request_services')
    .values(PRIVACY_SERVICES.map((service) => ({ request_id: values.id, service })))
    .execute();
}

export async function findRequest(db: Db, requestId: string): Promise<PrivacyRequest | undefined> {
  const row = await db
    .selectFrom('privacy_requests')
    .select(requestColumns)
    .where('id', '=', requestId)
    .executeTakeFirst();
  return row ? (await withServices(db, [row]))[0] : undefined;
}

export async function listUserRequests(db: Db, userId: string, limit = 20): Promise<PrivacyRequest[]> {
  const rows = await db
    .selectFrom('privacy_requests')
    .select(requestColumns)
    .where('user_id', '=', userId)
    .orderBy('requested_at', 'desc')
    .limit(limit)
    .execute();
  return withServices(db, rows);
}

/** Records a service's answer once; false when it had answered before (a request sent again). */
export async function recordAnswer(
  trx: Transaction<Database>,
  requestId: string,
  service: PrivacyService,
  part: Buffer | null,
): Promise<boolean> {
  const updated = await trx
    .updateTable('privacy_request_services')
    .set({ answered_at: new Date(), part })
    .where('request_id', '=', requestId)
    .where('service', '=', service)
    .where('answered_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** The request, locked: the answer that completes it is the one that sees every service answered. */
export async function lockRequest(trx: Transaction<Database>, requestId: string) {
  return trx
    .selectFrom('privacy_requests')
    .select(['id', 'user_id', 'kind', 'completed_at'])
    .where('id', '=', requestId)
    .forUpdate()
    .executeTakeFirst();
}

export async function countUnanswered(trx: Transaction<Database>, requestId: string): Promise<number> {
  const row = await trx
    .selectFrom('privacy_request_services')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('request_id', '=', requestId)
    .where('answered_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function exportParts(trx: Transaction<Database>, requestId: string) {
  const rows = await trx
    .selectFrom('privacy_request_services')
    .select(['service', 'part'])
    .where('request_id', '=', requestId)
    .execute();
  return rows.map((r) => ({ service: r.service as PrivacyService, part: r.part }));
}

/** Completes a request: an export keeps only its archive (the parts are dropped). */
export async function completeRequest(
  trx: Transaction<Database>,
  requestId: string,
  archive: { bytes: Buffer; expiresAt: Date } | null,
): Promise<void> {
  await trx
    .updateTable('privacy_requests')
    .set({
      completed_at: new Date(),
      ...(archive ? { archive: archive.bytes, archive_expires_at: archive.expiresAt } : {}),
    })
    .where('id', '=', requestId)
    .execute();
  await trx
    .updateTable('privacy_request_services')
    .set({ part: null })
    .where('request_id', '=', requestId)
    .execute();
}

export async function findArchive(db: Db, requestId: string) {
  return db
    .selectFrom('privacy_requests')
    .select(['id', 'user_id', 'archive', 'archive_expires_at', 'requested_at'])
    .where('id', '=', requestId)
    .where('kind', '=', 'EXPORT')
    .executeTakeFirst();
}

/** Open requests asked more than `before` ago that some service has not answered, not yet told today. */
export async function lateRequests(db: Db, before: Date) {
  return db
    .selectFrom('privacy_requests as r')
    .innerJoin('privacy_request_services as s', 's.request_id', 'r.id')
    .select(['r.id', 'r.user_id', 'r.kind', 'r.requested_at', 's.service', 's.attempts'])
    .where('r.completed_at', 'is', null)
    .where('r.requested_at', '<', before)
    .where('s.answered_at', 'is', null)
    .orderBy('r.requested_at')
    .execute();
}

export async function markAskedAgain(
  trx: Transaction<Database>,
  requestId: string,
  services: readonly string[],
): Promise<void> {
  await trx
    .updateTable('privacy_request_services')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('request_id', '=', requestId)
    .where('service', 'in', services)
    .execute();
  await trx
    .updateTable('privacy_requests')
    .set({ overdue_at: sql`coalesce(overdue_at, now())` })
    .where('id', '=', requestId)
    .execute();
}

/** Retention: archives past their 7 days are dropped (the request stays, as a record). */
export async function dropExpiredArchives(db: Db, now: Date): Promise<number> {
  const r = await db
    .updateTable('privacy_requests')
    .set({ archive: null })
    .where('archive', 'is not', null)
    .where('archive_expires_at', '<', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Erasure: the person's export archives and parts go too (they hold everything). */
export async function dropUserArchives(trx: Transaction<Database>, userId: string): Promise<number> {
  const r = await trx
    .updateTable('privacy_requests')
    .set({ archive: null })
    .where('user_id', '=', userId)
    .where('archive', 'is not', null)
    .executeTakeFirst();
  await trx
    .updateTable('privacy_request_services')
    .set({ part: null })
    .where('request_id', 'in', (eb) =>
      eb.selectFrom('privacy_requests').select('id').where('user_id', '=', userId),
    )
    .where('part', 'is not', null)
    .execute();
  return Number(r.numUpdatedRows);
}

/** Whether the user asked for erasure (their account can then not be reinstated). */
export async function hasErasureRequest(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('privacy_requests')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'ERASURE')
    .executeTakeFirst();
  return row !== undefined;
}
