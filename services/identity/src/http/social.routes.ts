import { randomUUID } from 'node:crypto';
import express, { type Request, type Router } from 'express';
import { AppError, requestLanguage, route } from '@gleba/platform';
import { IdentityErrorCode, UserActivatedV1, ZSocialProviderParam, type Language } from '@gleba/contracts';
import { createAuthCode, publishRegistered } from '../app/accounts';
import { depsOf, type Deps } from '../app/deps';
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

function callbackUrl(ctx: Deps, req: Request, provider: string): string {
  const base = ctx.config.PUBLIC_API_URL ?? `${req.protocol}://${req.get('host')}/api`;
  return `${base.replace(/\/$/, '')}/auth/social/${provider}/callback`;
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

/**
 * `GET /api/auth/social/{provider}` sends the browser to the provider; its callback (a GET, or
 * Apple's form POST) ends at the SPA's `/login?authCode=...` (or `?error=<code>`), and the SPA
 * exchanges the code at `GET auth/token-exchange`.
 */
export function socialRoutes(ctx: Deps): Router {
  const r = express.Router();
  r.get(
    '/auth/social/:provider',
    route({ params: ZSocialProviderParam }, async ({ params, req, res }) => {
      res.redirect(
        302,
        await depsOf(ctx).social.authorizeUrl(params.provider, callbackUrl(ctx, req, params.provider)),
      );
    }),
  );
  const callback = route({ params: ZSocialProviderParam }, async ({ params, req, res }) => {
    const input = {
      ...(req.query as Record<string, unknown>),
      ...((req.body as Record<string, unknown> | undefined) ?? {}),
    };
    const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
    const target = new URL('/login', ctx.config.CUSTOMER_APP_URL);
    try {
      const who = await depsOf(ctx).social.complete(
        params.provider,
        { code: str(input.code), state: str(input.state), error: str(input.error) },
        callbackUrl(ctx, req, params.provider),
      );
      target.searchParams.set('authCode', await signInSocial(ctx, who, requestLanguage(req)));
    } catch (error) {
      const code = error instanceof AppError ? error.code : IdentityErrorCode.socialSignInFailed;
      ctx.logger.warn({ err: error, provider: params.provider }, 'social sign-in failed');
      target.searchParams.set('error', code);
    }
    res.redirect(302, target.href);
  });
  r.get('/auth/social/:provider/callback', callback);
  r.post('/auth/social/:provider/callback', express.urlencoded({ extended: false, limit: '64kb' }), callback);
  return r;
}
