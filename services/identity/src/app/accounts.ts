import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { AppError, conflict, notFound, tooManyRequests } from '@gleba/platform';
import {
  ActivationLinkRequestedV1,
  IdentityErrorCode as E,
  PasswordResetRequestedV1,
  UserActivatedV1,
  UserRegisteredV1,
  UserReinstatedV1,
  UserSuspendedV1,
  profileIssues,
  ZRegisterBody,
  type Language,
  type TChangePasswordBody,
  type TCurrentUser,
  type TProfilePatchBody,
  type TSetPasswordBody,
  type TTokenPair,
  type TUpdateMeBody,
  ZProfileBody,
  ZProfilePatchBody,
  suspendedAccountKey,
} from '@gleba/contracts';
import type { z } from 'zod';
import type { Database, OneTimeTokenPurpose } from '../db/database';
import {
  findCurrentUser,
  findProfile,
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
  upsertProfile,
  type User,
} from '../db/repositories/users.repository';
import {
  consumeOneTimeToken,
  createOneTimeToken,
  endOneTimeTokens,
  peekOneTimeToken,
} from '../db/repositories/tokens.repository';
import { isDataComplete, type ProfileData } from '../domain/profile';
import { hashToken, newOpaqueToken, newPublicUserId } from '../domain/secrets';
import { hasErasureRequest } from '../db/repositories/privacy.repository';
import { depsOf, type Deps } from './deps';
import { publishNewsletterConsent, publishProfileUpdated } from './events';
import { endUserSessions, issueSession, markSessionsEnded } from './sessions';

const invalidLink = () => new AppError(E.invalidOrExpiredLink, 400, 'The link is invalid or has expired');
const suspended = () => new AppError(E.accountSuspended, 403, 'Account suspended, contact the administrator');
const notActive = () => new AppError(E.accountNotActive, 403, 'Account not active, check your e-mail');

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

/**
 * A single-use token for a link e-mailed to the user: stored hashed, valid for `ttlMs`. Returns
 * what the event that sends the e-mail carries (the recipient, the token and its expiry).
 */
export async function emailedToken(
  trx: Transaction<Database>,
  user: User,
  purpose: OneTimeTokenPurpose,
  ttlMs: number,
) {
  const token = newOpaqueToken();
  const expiresAt = new Date(Date.now() + ttlMs);
  await createOneTimeToken(trx, user.id, purpose, hashToken(token), expiresAt);
  return {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    language: user.language,
    token,
    expiresAt: expiresAt.toISOString(),
  };
}

async function requestActivationLink(ctx: Deps, trx: Transaction<Database>, user: User): Promise<void> {
  const link = await emailedToken(trx, user, 'ACTIVATION', ctx.config.ACTIVATION_TOKEN_TTL_HOURS * 3_600_000);
  await ctx.outbox.publish(trx, ActivationLinkRequestedV1, link);
}

export async function publishRegistered(ctx: Deps, trx: Transaction<Database>, user: User): Promise<void> {
  await ctx.outbox.publish(trx, UserRegisteredV1, {
    userId: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    language: user.language,
    publicUserId: user.publicUserId,
    gender: user.genderType,
    role: user.role,
    newsletterConsent: user.newsletterConsent,
    registeredAt: user.createdAt.toISOString(),
  });
  if (user.newsletterConsent) await publishNewsletterConsent(ctx, trx, user);
}

/** Spec 4: an account starts inactive; the e-mail link activates it. Returns the new account. */
export async function register(
  ctx: Deps,
  body: z.output<typeof ZRegisterBody>,
): Promise<TCurrentUser | undefined> {
  if (await findUserByEmail(ctx.db, body.email)) throw conflict(E.userAlreadyExists, 'User already exists');
  const passwordHash = await depsOf(ctx).hasher.hash(body.password);
  let created: User;
  try {
    created = await ctx.db.transaction().execute(async (trx) => {
      const user = await insertUser(trx, {
        id: randomUUID(),
        public_user_id: newPublicUserId(),
        first_name: body.firstName,
        last_name: body.lastName,
        email: body.email,
        phone_number: body.phoneNumber,
        gender: body.genderType,
        password_hash: passwordHash,
        role: 'USER',
        is_active: false,
        newsletter_consent: body.newsletterConsent,
        language: body.language,
        terms_accepted_at: new Date(),
      });
      await publishRegistered(ctx, trx, user);
      await requestActivationLink(ctx, trx, user);
      return user;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(E.userAlreadyExists, 'User already exists');
    throw error;
  }
  return findCurrentUser(ctx.db, created.id);
}

export async function activate(ctx: Deps, token: string): Promise<TTokenPair> {
  return ctx.db.transaction().execute(async (trx) => {
    const used = await consumeOneTimeToken(trx, 'ACTIVATION', hashToken(token));
    if (!used) throw invalidLink();
    const user = await findUserById(trx, used.user_id);
    if (!user) throw invalidLink();
    if (!user.isEnabled) throw suspended();
    const active = await updateUser(trx, user.id, { is_active: true });
    if (!user.isActive) await ctx.outbox.publish(trx, UserActivatedV1, { userId: user.id });
    return issueSession(ctx, trx, active);
  });
}

/** Answers the same whether or not the e-mail is known (no enumeration: the spec names no message here). */
export async function resendActivationLink(ctx: Deps, email: string, ip: string): Promise<void> {
  await limitResetLike(ctx, 'activation', email, ip);
  const user = await findUserByEmail(ctx.db, email);
  if (!user || user.isActive || !user.isEnabled) return;
  await ctx.db.transaction().execute((trx) => requestActivationLink(ctx, trx, user));
}

async function limitResetLike(ctx: Deps, kind: string, email: string, ip: string): Promise<void> {
  const { limiter } = depsOf(ctx);
  const window = ctx.config.RESET_LIMIT_WINDOW_SECONDS;
  const [byEmail, byIp] = await Promise.all([
    limiter.hit(`${kind}:email:${email}`, window),
    limiter.hit(`${kind}:ip:${ip}`, window),
  ]);
  if (byEmail > ctx.config.RESET_LIMIT_PER_EMAIL || byIp > ctx.config.RESET_LIMIT_PER_IP) {
    if (kind === 'activation') throw tooManyRequests();
    throw new AppError(E.tooManyResetPasswordRequests, 429, 'Too many reset attempts, try later');
  }
}

/**
 * Spec 8: failures count per account and per IP; past the limit even a right password waits.
 * The password is checked before the account state, so the state is told only to its owner.
 */
export async function login(
  ctx: Deps,
  email: string,
  password: string,
  ip: string,
  options: { admin?: boolean } = {},
): Promise<TTokenPair> {
  const { limiter, hasher } = depsOf(ctx);
  const accountKey = `login:account:${email}`;
  const ipKey = `login:ip:${ip}`;
  // The attempt is counted before the password is compared, in one atomic step: a burst of
  // parallel guesses cannot all pass the check before any of them is counted.
  const allowed = await limiter.take(
    [
      { name: accountKey, limit: ctx.config.LOGIN_LIMIT_PER_ACCOUNT },
      { name: ipKey, limit: ctx.config.LOGIN_LIMIT_PER_IP },
    ],
    ctx.config.LOGIN_LIMIT_WINDOW_SECONDS,
  );
  if (!allowed) throw new AppError(E.tooManyLoginAttempts, 429, 'Too many login attempts, try later');
  const user = await findUserByEmail(ctx.db, email);
  const ok = await hasher.verify(password, user?.passwordHash);
  if (!user || !ok) throw new AppError(E.invalidCredentials, 401, 'Invalid e-mail or password');
  // Only failures count: the right password clears the account's counter and gives the IP's back.
  await Promise.all([limiter.reset(accountKey), limiter.giveBack(ipKey)]);
  if (!user.isEnabled) throw suspended();
  if (!user.isActive) throw notActive();
  if (options.admin && user.role !== 'ADMIN')
    throw new AppError(E.notAdministrator, 403, 'You lack administrator privileges');
  return ctx.db.transaction().execute((trx) => issueSession(ctx, trx, user));
}

/** Spec 8: an unknown e-mail is told ("e-mail does not exist"); the limit comes first so it cannot be farmed. */
export async function forgotPassword(
  ctx: Deps,
  email: string,
  ip: string,
  app: 'customer' | 'admin',
): Promise<void> {
  await limitResetLike(ctx, `reset:${app}`, email, ip);
  const user = await findUserByEmail(ctx.db, email);
  if (app === 'admin') {
    // The admin panel only says "check your e-mail": nothing is told about who is an admin.
    if (!user || user.role !== 'ADMIN' || !user.isEnabled) return;
  } else if (!user) {
    throw notFound(E.emailDoesNotExist, 'E-mail does not exist');
  }
  await ctx.db.transaction().execute(async (trx) => {
    const link = await emailedToken(trx, user, 'PASSWORD_RESET', ctx.config.RESET_TOKEN_TTL_MINUTES * 60_000);
    await ctx.outbox.publish(trx, PasswordResetRequestedV1, { ...link, app });
  });
}

export async function checkResetToken(ctx: Deps, token: string): Promise<{ valid: true; email: string }> {
  const found = await peekOneTimeToken(ctx.db, 'PASSWORD_RESET', hashToken(token));
  const user = found && (await findUserById(ctx.db, found.user_id));
  if (!user) throw invalidLink();
  return { valid: true, email: user.email };
}

/** The link proves the e-mail: the account becomes active, other sessions end, the user is signed in. */
export async function setPassword(
  ctx: Deps,
  token: string,
  body: TSetPasswordBody,
): Promise<TTokenPair & { email: string }> {
  const found = await peekOneTimeToken(ctx.db, 'PASSWORD_RESET', hashToken(token));
  if (!found) throw invalidLink();
  const owner = await findUserById(ctx.db, found.user_id);
  if (!owner) throw invalidLink();
  if (!owner.isEnabled) throw suspended();
  const passwordHash = await depsOf(ctx).hasher.hash(body.password);
  const { ended, result } = await ctx.db.transaction().execute(async (trx) => {
    const used = await consumeOneTimeToken(trx, 'PASSWORD_RESET', hashToken(token));
    if (!used) throw invalidLink();
    const user = await updateUser(trx, used.user_id, { password_hash: passwordHash, is_active: true });
    if (!owner.isActive) await ctx.outbox.publish(trx, UserActivatedV1, { userId: user.id });
    const ended = await endUserSessions(ctx, trx, user.id);
    const tokens = await issueSession(ctx, trx, user);
    return { ended, result: { email: user.email, ...tokens } };
  });
  await markSessionsEnded(ctx, ended);
  return result;
}

export async function exchangeAuthCode(ctx: Deps, code: string): Promise<TTokenPair> {
  return ctx.db.transaction().execute(async (trx) => {
    const used = await consumeOneTimeToken(trx, 'AUTH_CODE', hashToken(code));
    const user = used && (await findUserById(trx, used.user_id));
    if (!user) throw new AppError(E.invalidAuthCode, 401, 'Invalid or expired auth code');
    if (!user.isEnabled) throw suspended();
    return issueSession(ctx, trx, user);
  });
}

export async function createAuthCode(ctx: Deps, trx: Transaction<Database>, userId: string): Promise<string> {
  const code = newOpaqueToken();
  await createOneTimeToken(
    trx,
    userId,
    'AUTH_CODE',
    hashToken(code),
    new Date(Date.now() + ctx.config.AUTH_CODE_TTL_SECONDS * 1000),
  );
  return code;
}

async function erasureAsked(ctx: Deps, userId: string): Promise<boolean> {
  return hasErasureRequest(ctx.db, userId);
}

async function mustUser(ctx: Deps, userId: string): Promise<User> {
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound(E.userNotFound, 'User not found');
  return user;
}

/**
 * Changes the password with the current one. Guesses of the current password are limited per
 * account (counted before the comparison, like login). Every session ends, this one too, and so do
 * earlier reset links; the caller gets a new session.
 */
export async function changePassword(
  ctx: Deps,
  userId: string,
  body: TChangePasswordBody,
): Promise<TTokenPair> {
  const user = await mustUser(ctx, userId);
  const { hasher, limiter } = depsOf(ctx);
  const counter = `password-change:user:${user.id}`;
  const allowed = await limiter.take(
    [{ name: counter, limit: ctx.config.PASSWORD_CHANGE_LIMIT_PER_ACCOUNT }],
    ctx.config.LOGIN_LIMIT_WINDOW_SECONDS,
  );
  if (!allowed)
    throw new AppError(
      E.tooManyPasswordAttempts,
      429,
      'Too many attempts with the current password, try later',
    );
  if (!(await hasher.verify(body.currentPassword, user.passwordHash))) {
    throw new AppError(E.wrongCurrentPassword, 400, 'The current password is wrong');
  }
  await limiter.reset(counter);
  const passwordHash = await hasher.hash(body.password);
  const { ended, tokens } = await ctx.db.transaction().execute(async (trx) => {
    const changed = await updateUser(trx, user.id, { password_hash: passwordHash });
    const ended = await endUserSessions(ctx, trx, user.id);
    await endOneTimeTokens(trx, user.id, 'PASSWORD_RESET');
    return { ended, tokens: await issueSession(ctx, trx, changed) };
  });
  await markSessionsEnded(ctx, ended);
  return tokens;
}

/** Language and newsletter consent of the signed-in user; returns the account as it is now. */
export async function updateMe(
  ctx: Deps,
  userId: string,
  body: TUpdateMeBody,
): Promise<TCurrentUser | undefined> {
  const before = await mustUser(ctx, userId);
  await ctx.db.transaction().execute(async (trx) => {
    const user = await updateUser(trx, userId, {
      ...(body.language ? { language: body.language as Language } : {}),
      ...(body.newsletterConsent !== undefined ? { newsletter_consent: body.newsletterConsent } : {}),
    });
    if (user.newsletterConsent !== before.newsletterConsent) await publishNewsletterConsent(ctx, trx, user);
    if (user.language !== before.language) await publishProfileUpdated(ctx, trx, user);
  });
  return findCurrentUser(ctx.db, userId);
}

function profileError(issues: { path: string[]; message: string }[]): AppError {
  const first = issues[0]!;
  return new AppError(
    first.message,
    400,
    `Invalid body.${first.path.join('.')}: ${first.message}`,
    issues.map((i) => ({ path: ['body', ...i.path].join('.'), message: i.message, code: 'custom' })),
  );
}

async function saveProfile(ctx: Deps, user: User, data: ProfileData) {
  return ctx.db.transaction().execute(async (trx) => {
    const saved = await upsertProfile(trx, user.id, data, isDataComplete(data, user.phoneNumber));
    await publishProfileUpdated(ctx, trx, user);
    return saved;
  });
}

export async function createProfile(ctx: Deps, userId: string, body: z.output<typeof ZProfileBody>) {
  const user = await mustUser(ctx, userId);
  if (await findProfile(ctx.db, userId))
    throw conflict(E.profileAlreadyExists, 'Profile already exists, use PATCH');
  return saveProfile(ctx, user, body);
}

export async function patchProfile(
  ctx: Deps,
  userId: string,
  patch: z.output<typeof ZProfilePatchBody> & TProfilePatchBody,
) {
  const user = await mustUser(ctx, userId);
  const existing = await findProfile(ctx.db, userId);
  if (!existing) throw notFound(E.profileNotFound, 'Profile not found');
  const merged: ProfileData = {
    serviceRole: patch.serviceRole ?? existing.serviceRole,
    personalData: patch.personalData === undefined ? existing.personalData : patch.personalData,
    businessData: patch.businessData === undefined ? existing.businessData : patch.businessData,
    correspondenceAddress:
      patch.correspondenceAddress === undefined
        ? existing.correspondenceAddress
        : patch.correspondenceAddress,
  };
  const issues = profileIssues(merged);
  if (issues.length > 0) throw profileError(issues);
  return saveProfile(ctx, user, merged);
}

export async function setSuspended(
  ctx: Deps,
  adminId: string,
  userId: string,
  suspend: boolean,
  reason?: string,
): Promise<TCurrentUser | undefined> {
  await changeSuspension(ctx, adminId, userId, suspend, reason);
  return findCurrentUser(ctx.db, userId);
}

async function changeSuspension(
  ctx: Deps,
  adminId: string,
  userId: string,
  suspend: boolean,
  reason?: string,
): Promise<void> {
  const user = await mustUser(ctx, userId);
  if (user.id === adminId && suspend) throw new AppError('forbidden', 403, 'You cannot suspend yourself');
  // An account being erased (or erased) stays disabled: decision 0057.
  if (!suspend && (await erasureAsked(ctx, user.id)))
    throw new AppError(E.accountErased, 409, 'The account is being erased or has been erased');
  if (user.isEnabled === !suspend) {
    await markSuspended(ctx, user.id, suspend); // an earlier attempt may have missed Redis
    return;
  }
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, {
      is_enabled: !suspend,
      suspended_reason: suspend ? (reason ?? null) : null,
    });
    if (suspend) {
      await endUserSessions(ctx, trx, user.id);
      await ctx.outbox.publish(trx, UserSuspendedV1, {
        userId: user.id,
        byUserId: adminId,
        reason: reason ?? null,
      });
    } else {
      await ctx.outbox.publish(trx, UserReinstatedV1, { userId: user.id, byUserId: adminId });
    }
  });
  await markSuspended(ctx, user.id, suspend);
}

/**
 * Tells the gateway (shared Redis key) that an account is suspended, for as long as an access
 * token issued before now can live: its tokens are refused at the gateway at once, not only here.
 * Redis being down does not undo the suspension (the database holds it; refresh is refused).
 */
export async function markSuspended(ctx: Deps, userId: string, suspended: boolean): Promise<void> {
  const key = suspendedAccountKey(ctx.config.REDIS_PREFIX, userId);
  try {
    const { redis } = depsOf(ctx);
    if (suspended) await redis.set(key, '1', 'EX', ctx.config.ACCESS_TOKEN_TTL_SECONDS + 60);
    else await redis.del(key);
  } catch (error) {
    ctx.logger.error({ err: error, userId }, 'could not mark the suspension for the gateway');
  }
}
