import { randomUUID } from 'node:crypto';
import { AppError } from '@gleba/platform';
import { IdentityErrorCode, UserActivatedV1, type Language, type TSocialProvider } from '@gleba/contracts';
import {
  findSocialAccount,
  findUserById,
  findUserByEmail,
  insertUser,
  linkSocialAccount,
  updateUser,
} from '../db/repositories/users.repository';
import { newPublicUserId } from '../domain/secrets';
import type { SocialIdentity } from '../adapters/social-sign-in';
import { createAuthCode, publishRegistered } from './accounts';
import { depsOf, type Deps } from './deps';

/** What the provider's callback carries (query or form fields). */
export interface SocialCallback {
  code?: string;
  state?: string;
  error?: string;
}

/** Where to send the browser to sign in with the provider; the callback comes back to `callbackUrl`. */
export function socialAuthorizeUrl(
  ctx: Deps,
  provider: TSocialProvider,
  callbackUrl: string,
): Promise<string> {
  return depsOf(ctx).social.authorizeUrl(provider, callbackUrl);
}

/**
 * The provider's callback: it vouches for someone, who is signed in. Returns the one-time code
 * the SPA exchanges for a session.
 */
export async function completeSocialSignIn(
  ctx: Deps,
  provider: TSocialProvider,
  callback: SocialCallback,
  callbackUrl: string,
  language: Language,
): Promise<string> {
  const who = await depsOf(ctx).social.complete(provider, callback, callbackUrl);
  return signInSocial(ctx, who, language);
}

/**
 * Links by provider subject, else by the verified e-mail, else creates an active account in the
 * browser's language (the account's e-mails and later sign-ins speak it).
 */
async function signInSocial(ctx: Deps, who: SocialIdentity, language: Language): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    const linked = await findSocialAccount(trx, who.provider, who.subject);
    let user = linked ? await findUserById(trx, linked.user_id) : await findUserByEmail(trx, who.email);
    if (!user) {
      user = await insertUser(trx, {
        id: randomUUID(),
        public_user_id: newPublicUserId(),
        first_name: who.firstName,
        last_name: who.lastName,
        email: who.email,
        password_hash: null,
        role: 'USER',
        is_active: true,
        language,
        terms_accepted_at: new Date(),
      });
      await publishRegistered(ctx, trx, user);
      await ctx.outbox.publish(trx, UserActivatedV1, { userId: user.id });
    } else if (!user.isActive && user.isEnabled) {
      // The provider verified the e-mail: that is what the activation link would have proven.
      user = await updateUser(trx, user.id, { is_active: true });
      await ctx.outbox.publish(trx, UserActivatedV1, { userId: user.id });
    }
    if (!user.isEnabled) throw new AppError(IdentityErrorCode.accountSuspended, 403, 'Account suspended');
    if (!linked)
      await linkSocialAccount(trx, {
        provider: who.provider,
        subject: who.subject,
        userId: user.id,
        email: who.email,
      });
    return createAuthCode(ctx, trx, user.id);
  });
}
