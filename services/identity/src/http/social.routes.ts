import express, { type Request, type Router } from 'express';
import { AppError, requestLanguage, route } from '@gleba/platform';
import { IdentityErrorCode, ZSocialProviderParam } from '@gleba/contracts';
import type { Deps } from '../app/deps';
import { completeSocialSignIn, socialAuthorizeUrl } from '../app/social-sign-in';

function callbackUrl(ctx: Deps, req: Request, provider: string): string {
  const base = ctx.config.PUBLIC_API_URL ?? `${req.protocol}://${req.get('host')}/api`;
  return `${base.replace(/\/$/, '')}/auth/social/${provider}/callback`;
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
        await socialAuthorizeUrl(ctx, params.provider, callbackUrl(ctx, req, params.provider)),
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
      const authCode = await completeSocialSignIn(
        ctx,
        params.provider,
        { code: str(input.code), state: str(input.state), error: str(input.error) },
        callbackUrl(ctx, req, params.provider),
        requestLanguage(req),
      );
      target.searchParams.set('authCode', authCode);
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
