import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  AppError,
  decodeExportFiles,
  erasePlatformTraces,
  notFound,
  type PrivacyUseCases,
} from '@gleba/platform';
import {
  DataExportCompletedV1,
  DataExportRequestedV1,
  ErasureConfirmationRequestedV1,
  ErasureRequestedV1,
  IdentityErrorCode as E,
  type PrivacyRequestKind,
  type PrivacyService,
  type TErasureAnswer,
  type TExportFile,
  type TPrivacyRequest,
} from '@gleba/contracts';
import { buildExportArchive } from '../adapters/export-archive';
import type { Database } from '../db/database';
import {
  eraseUserData,
  markErased,
  unactivatedAccounts,
  userDataForExport,
  userNeedles,
} from '../db/repositories/my-data.repository';
import {
  completeRequest,
  countUnanswered,
  dropExpiredArchives,
  dropUserArchives,
  exportParts,
  findArchive,
  findOpenRequest,
  findRequest,
  insertRequest,
  lateRequests,
  listUserRequests,
  lockRequest,
  markAskedAgain,
  recordAnswer,
  type PrivacyRequest,
  type RequestedBy,
} from '../db/repositories/privacy.repository';
import { consumeOneTimeToken, peekOneTimeToken } from '../db/repositories/tokens.repository';
import { disableUser, findUserById, isUserErased, type User } from '../db/repositories/users.repository';
import { exportReadme } from '../domain/export-readme';
import { hashToken } from '../domain/secrets';
import { emailedToken, markSuspended } from './accounts';
import { depsOf, type Deps } from './deps';
import { endUserSessions, markSessionsEnded } from './sessions';

export function privacyRequestView(ctx: Deps, r: PrivacyRequest, now = new Date()): TPrivacyRequest {
  const late = now.getTime() - r.requestedAt.getTime() > ctx.config.PRIVACY_ANSWER_WITHIN_HOURS * 3_600_000;
  return {
    id: r.id,
    userId: r.userId,
    kind: r.kind,
    status: r.completedAt ? 'COMPLETED' : 'IN_PROGRESS',
    requestedBy: r.requestedBy,
    requestedAt: r.requestedAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    overdue: !r.completedAt && (late || r.overdueAt !== null),
    archiveExpiresAt: r.archiveExpiresAt?.toISOString() ?? null,
    archiveAvailable: r.hasArchive && !!r.archiveExpiresAt && r.archiveExpiresAt > now,
    services: r.services.map((s) => ({
      service: s.service,
      done: s.answeredAt !== null,
      answeredAt: s.answeredAt?.toISOString() ?? null,
      attempts: s.attempts,
    })),
  };
}

async function mustUser(ctx: Deps, userId: string): Promise<User> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound(E.userNotFound, 'User not found');
  return user;
}

export async function userRequests(ctx: Deps, userId: string): Promise<TPrivacyRequest[]> {
  await mustUser(ctx, userId);
  return (await listUserRequests(ctx.db, userId)).map((r) => privacyRequestView(ctx, r));
}

/** Opens a request (or returns the open one of that kind) and asks every service in the same transaction. */
async function openRequest(
  ctx: Deps,
  trx: Transaction<Database>,
  user: User,
  kind: PrivacyRequestKind,
  by: RequestedBy,
): Promise<{ request: PrivacyRequest; created: boolean }> {
  const open = await findOpenRequest(trx, user.id, kind);
  if (open) return { request: open, created: false };
  const id = randomUUID();
  await insertRequest(trx, { id, userId: user.id, kind, requestedBy: by });
  if (kind === 'EXPORT')
    await ctx.outbox.publish(trx, DataExportRequestedV1, {
      requestId: id,
      userId: user.id,
      language: user.language,
    });
  else await ctx.outbox.publish(trx, ErasureRequestedV1, { requestId: id, userId: user.id });
  const request = await findRequest(trx, id);
  return { request: request!, created: true };
}

/** "Download my data": every service writes its part; the last one completes the archive. */
export async function requestExport(ctx: Deps, userId: string, by: RequestedBy): Promise<TPrivacyRequest> {
  const user = await mustUser(ctx, userId);
  if (await isErased(ctx, user)) throw new AppError(E.accountErased, 409, 'The account has been erased');
  const { request } = await ctx.db.transaction().execute((trx) => openRequest(ctx, trx, user, 'EXPORT', by));
  return privacyRequestView(ctx, request);
}

async function isErased(ctx: Deps, user: User): Promise<boolean> {
  return isUserErased(ctx.db, user.id);
}

/**
 * The erasure starts: the account stops signing in at once (sessions end, the gateway refuses its
 * tokens), and every service is asked to erase. The same request twice returns the open one.
 */
export async function startErasure(ctx: Deps, userId: string, by: RequestedBy): Promise<TPrivacyRequest> {
  const user = await mustUser(ctx, userId);
  const { request, ended } = await ctx.db.transaction().execute(async (trx) => {
    const opened = await openRequest(ctx, trx, user, 'ERASURE', by);
    const ended = opened.created ? await endUserSessions(ctx, trx, user.id) : [];
    if (opened.created) await disableUser(trx, user.id);
    return { request: opened.request, ended };
  });
  await markSessionsEnded(ctx, ended);
  await markSuspended(ctx, user.id, true);
  return privacyRequestView(ctx, request);
}

/**
 * "Delete my account": with the password; an account without one (social sign-in) is sent a
 * confirmation link instead. Wrong passwords are limited like a password change.
 */
export async function askErasure(
  ctx: Deps,
  userId: string,
  password: string | undefined,
): Promise<TErasureAnswer> {
  const user = await mustUser(ctx, userId);
  if (user.role === 'ADMIN')
    throw new AppError(E.adminNotErasable, 409, 'An administrator account is not erased here');
  if (user.passwordHash === null) {
    await ctx.db.transaction().execute(async (trx) => {
      const link = await emailedToken(
        trx,
        user,
        'ERASURE_CONFIRM',
        ctx.config.ERASURE_CONFIRM_TTL_HOURS * 3_600_000,
      );
      await ctx.outbox.publish(trx, ErasureConfirmationRequestedV1, link);
    });
    return { confirmationSent: true, request: null };
  }
  if (!password) throw new AppError(E.erasurePasswordRequired, 400, 'The password is required');
  const { hasher, limiter } = depsOf(ctx);
  const counter = `password-change:user:${user.id}`;
  const allowed = await limiter.take(
    [{ name: counter, limit: ctx.config.PASSWORD_CHANGE_LIMIT_PER_ACCOUNT }],
    ctx.config.LOGIN_LIMIT_WINDOW_SECONDS,
  );
  if (!allowed)
    throw new AppError(E.tooManyPasswordAttempts, 429, 'Too many attempts with the password, try later');
  if (!(await hasher.verify(password, user.passwordHash)))
    throw new AppError(E.erasureWrongPassword, 400, 'The password is wrong: the account is not erased');
  await limiter.reset(counter);
  return { confirmationSent: false, request: await startErasure(ctx, user.id, 'OWNER') };
}

/** The e-mailed link of a social sign-in account: the signed-in owner confirms with its token. */
export async function confirmErasure(ctx: Deps, userId: string, token: string): Promise<TPrivacyRequest> {
  const used = await ctx.db.transaction().execute(async (trx) => {
    const found = await peekOneTimeToken(trx, 'ERASURE_CONFIRM', hashToken(token));
    // Another person's link is as good as no link: nothing about it is told.
    if (!found || found.user_id !== userId) return undefined;
    return consumeOneTimeToken(trx, 'ERASURE_CONFIRM', hashToken(token));
  });
  if (!used) throw new AppError(E.invalidOrExpiredLink, 400, 'The link is invalid or has expired');
  return startErasure(ctx, userId, 'OWNER');
}

export async function adminErasure(ctx: Deps, adminId: string, userId: string): Promise<TPrivacyRequest> {
  const user = await mustUser(ctx, userId);
  if (user.id === adminId || user.role === 'ADMIN')
    throw new AppError(E.adminNotErasable, 409, 'An administrator account is not erased here');
  return startErasure(ctx, userId, 'ADMIN');
}

/** The archive, to its owner or an admin only; another person's request is not found. */
export async function exportArchive(
  ctx: Deps,
  requestId: string,
  caller: { userId: string; admin: boolean },
): Promise<{ bytes: Buffer; fileName: string }> {
  const found = await findArchive(ctx.db, requestId);
  if (!found || (!caller.admin && found.user_id !== caller.userId))
    throw notFound(E.privacyRequestNotFound, 'No such request');
  if (!found.archive || !found.archive_expires_at || found.archive_expires_at <= new Date())
    throw new AppError(E.exportArchiveExpired, 410, 'The archive has expired or is not ready');
  const day = found.requested_at.toISOString().slice(0, 10);
  return { bytes: found.archive, fileName: `gleba-data-${day}.zip` };
}

/** A service's part arrived: kept until the last one completes the archive. */
export async function exportPartWritten(
  ctx: Deps,
  trx: Transaction<Database>,
  service: PrivacyService,
  data: { requestId: string; userId: string; files: string },
): Promise<void> {
  const request = await lockRequest(trx, data.requestId);
  if (!request || request.kind !== 'EXPORT' || request.completed_at) return;
  if (!(await recordAnswer(trx, data.requestId, service, Buffer.from(data.files, 'base64')))) return;
  if ((await countUnanswered(trx, data.requestId)) > 0) return;
  const user = await findUserById(trx, request.user_id);
  if (!user) return;
  const parts = await exportParts(trx, data.requestId);
  const files: TExportFile[] = parts.flatMap((p) =>
    p.part ? decodeExportFiles(p.part.toString('base64')) : [],
  );
  const now = new Date();
  const archive = await buildExportArchive(
    exportReadme(
      user.language,
      parts.map((p) => p.service),
      now,
    ),
    files,
  );
  const expiresAt = new Date(now.getTime() + ctx.config.EXPORT_ARCHIVE_TTL_DAYS * 86_400_000);
  await completeRequest(trx, data.requestId, { bytes: archive, expiresAt });
  await ctx.outbox.publish(trx, DataExportCompletedV1, {
    requestId: data.requestId,
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    language: user.language,
    expiresAt: expiresAt.toISOString(),
  });
  ctx.logger.info({ requestId: data.requestId, bytes: archive.length }, 'data export archive ready');
}

/** A service erased what it held; the last answer closes the account. */
export async function erasureCompleted(
  ctx: Deps,
  trx: Transaction<Database>,
  service: PrivacyService,
  data: { requestId: string; userId: string },
): Promise<void> {
  const request = await lockRequest(trx, data.requestId);
  if (!request || request.kind !== 'ERASURE' || request.completed_at) return;
  if (!(await recordAnswer(trx, data.requestId, service, null))) return;
  if ((await countUnanswered(trx, data.requestId)) > 0) return;
  await completeRequest(trx, data.requestId, null);
  await markErased(trx, request.user_id);
  ctx.logger.info({ requestId: data.requestId }, 'account erased in every service');
}

/** Identity's own part of a person's data: its export file, and the erasure of its rows. */
export const identityPrivacy: PrivacyUseCases<Database> = {
  async exportPart(trx, userId) {
    return [{ name: 'identity.json', content: await userDataForExport(trx, userId) }];
  },
  async erase(trx, userId) {
    const needles = await userNeedles(trx, userId);
    const counts = await eraseUserData(trx, userId);
    const archives = await dropUserArchives(trx, userId);
    const traces = await erasePlatformTraces(trx, needles);
    return { ...counts, exportArchives: archives, ...traces };
  },
};

/**
 * The daily check (BullMQ): a request some service has not answered within a day is sent again
 * (services answer idempotently) and shown late to the admin; then retention: expired archives are
 * dropped and accounts never activated are erased like any other (decision 0057).
 */
export async function dailyPrivacyCheck(ctx: Deps, now = new Date()): Promise<Record<string, number>> {
  const late = await lateRequests(
    ctx.db,
    new Date(now.getTime() - ctx.config.PRIVACY_ANSWER_WITHIN_HOURS * 3_600_000),
  );
  const byRequest = new Map<string, { userId: string; kind: PrivacyRequestKind; services: string[] }>();
  for (const row of late) {
    const entry = byRequest.get(row.id) ?? { userId: row.user_id, kind: row.kind, services: [] };
    entry.services.push(row.service);
    byRequest.set(row.id, entry);
  }
  for (const [requestId, r] of byRequest) {
    await ctx.db.transaction().execute(async (trx) => {
      await markAskedAgain(trx, requestId, r.services);
      if (r.kind === 'EXPORT') {
        const user = await findUserById(trx, r.userId);
        await ctx.outbox.publish(trx, DataExportRequestedV1, {
          requestId,
          userId: r.userId,
          language: user?.language ?? 'pl',
        });
      } else await ctx.outbox.publish(trx, ErasureRequestedV1, { requestId, userId: r.userId });
    });
    // The admin's alert: the request is marked late in the panel, and this line goes to the error log.
    ctx.logger.error(
      { requestId, kind: r.kind, services: r.services },
      'data request not answered in time, asked again',
    );
  }
  const archivesDropped = await dropExpiredArchives(ctx.db, now);
  const stale = await ctx.db
    .transaction()
    .execute((trx) =>
      unactivatedAccounts(trx, new Date(now.getTime() - ctx.config.UNACTIVATED_ACCOUNT_DAYS * 86_400_000)),
    );
  for (const userId of stale) await startErasure(ctx, userId, 'RETENTION');
  return { requestsAskedAgain: byRequest.size, archivesDropped, unactivatedErased: stale.length };
}
