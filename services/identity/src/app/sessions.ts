import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Transaction } from 'kysely';
import { AppError, JWT_AUDIENCE, JWT_ISSUER } from '@gleba/platform';
import { IdentityErrorCode, revokedSessionKey, type TAccessClaims, type TTokenPair } from '@gleba/contracts';
import type { Database } from '../db/database';
import { findUserById, type User } from '../db/repositories/users.repository';
import {
  findRefreshToken,
  insertRefreshToken,
  markRefreshTokenUsed,
  recentSessionFamilies,
  revokeFamily,
  revokeUserSessions,
} from '../db/repositories/tokens.repository';
import { hashToken, newOpaqueToken } from '../domain/secrets';
import { depsOf, type Deps } from './deps';

export const reauthenticate = () =>
  new AppError(IdentityErrorCode.reauthenticate, 401, 'Please re-authenticate');

export async function signAccessToken(
  ctx: Deps,
  user: Pick<User, 'id' | 'role' | 'email' | 'language'>,
  sessionId: string,
): Promise<string> {
  const key = await depsOf(ctx).keys.signingKey();
  const claims: TAccessClaims = {
    sub: user.id,
    role: user.role,
    email: user.email,
    lang: user.language,
    sid: sessionId,
  };
  return jwt.sign(claims, key.privateKey, {
    algorithm: 'RS256',
    keyid: key.kid,
    issuer: JWT_ISSUER,
    audience: JWT_AUDIENCE,
    expiresIn: ctx.config.ACCESS_TOKEN_TTL_SECONDS,
  });
}

/** A new sign-in: a new refresh-token family (its id is the session id) and an access token. */
export async function issueSession(
  ctx: Deps,
  trx: Transaction<Database>,
  user: User,
  familyId: string = randomUUID(),
): Promise<TTokenPair> {
  const refreshToken = newOpaqueToken();
  await insertRefreshToken(trx, {
    userId: user.id,
    familyId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(Date.now() + ctx.config.REFRESH_TOKEN_TTL_DAYS * 86_400_000),
  });
  return { accessToken: await signAccessToken(ctx, user, familyId), refreshToken };
}

/**
 * Rotation: a refresh token works once. Presenting one that was already used means it was
 * stolen (or replayed): the whole family is revoked and both holders must sign in again.
 */
export async function rotateRefreshToken(ctx: Deps, refreshToken: string): Promise<TTokenPair> {
  const stored = await findRefreshToken(ctx.db, hashToken(refreshToken));
  if (!stored || stored.revoked_at) throw reauthenticate();
  if (stored.used_at) {
    await revokeFamily(ctx.db, stored.family_id);
    await markSessionsEnded(ctx, [stored.family_id]);
    ctx.logger.warn(
      { userId: stored.user_id, familyId: stored.family_id },
      'refresh token reused: family revoked',
    );
    throw reauthenticate();
  }
  if (stored.expires_at.getTime() <= Date.now()) throw reauthenticate();
  const outcome = await ctx.db.transaction().execute(async (trx) => {
    const won = await markRefreshTokenUsed(trx, stored.id);
    if (!won) return 'reused' as const;
    const user = await findUserById(trx, stored.user_id);
    if (!user || !user.isEnabled || !user.isActive) {
      await revokeFamily(trx, stored.family_id);
      return 'refused' as const;
    }
    return issueSession(ctx, trx, user, stored.family_id);
  });
  if (outcome === 'reused') {
    await revokeFamily(ctx.db, stored.family_id);
    await markSessionsEnded(ctx, [stored.family_id]);
    throw reauthenticate();
  }
  if (outcome === 'refused') throw reauthenticate();
  return outcome;
}

/** Logout: the session of the refresh token and the one of the access token (when given) end. */
export async function logout(ctx: Deps, refreshToken?: string, sessionId?: string): Promise<void> {
  const ended: string[] = [];
  if (refreshToken) {
    const stored = await findRefreshToken(ctx.db, hashToken(refreshToken));
    if (stored) ended.push(stored.family_id);
  }
  if (sessionId && !ended.includes(sessionId)) ended.push(sessionId);
  for (const familyId of ended) await revokeFamily(ctx.db, familyId);
  await markSessionsEnded(ctx, ended);
}

/**
 * Ends every session of a user (password change or reset, suspension): their refresh tokens are
 * revoked in the transaction; returns the sessions that may still hold a live access token, for
 * `markSessionsEnded` once the transaction has committed.
 */
export async function endUserSessions(
  ctx: Deps,
  trx: Transaction<Database>,
  userId: string,
): Promise<string[]> {
  const since = new Date(Date.now() - (ctx.config.ACCESS_TOKEN_TTL_SECONDS + 60) * 1000);
  const families = await recentSessionFamilies(trx, userId, since);
  await revokeUserSessions(trx, userId);
  return families;
}

/**
 * Tells the gateway (shared Redis keys) that sessions ended, for as long as an access token of
 * theirs can live: their access tokens are refused at once, not when they expire. Redis being down
 * does not undo the end (the database holds it: refresh is refused); it is logged.
 */
export async function markSessionsEnded(ctx: Deps, familyIds: string[]): Promise<void> {
  if (familyIds.length === 0) return;
  try {
    const pipeline = depsOf(ctx).redis.pipeline();
    for (const id of familyIds)
      pipeline.set(
        revokedSessionKey(ctx.config.REDIS_PREFIX, id),
        '1',
        'EX',
        ctx.config.ACCESS_TOKEN_TTL_SECONDS + 60,
      );
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed) throw failed[0];
  } catch (error) {
    ctx.logger.error(
      { err: error, sessions: familyIds.length },
      'could not mark ended sessions for the gateway',
    );
  }
}
