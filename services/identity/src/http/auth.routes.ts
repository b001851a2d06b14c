import express, { type Router } from 'express';
import { AppError, mustAuth, requireAuth, route } from '@gleba/platform';
import {
  IdentityErrorCode,
  ZEmailBody,
  ZLoginBody,
  ZLogoutBody,
  ZRefreshTokenBody,
  ZRegisterBody,
  ZSetPasswordBody,
  ZTokenParam,
} from '@gleba/contracts';
import * as accounts from '../app/accounts';
import type { Deps } from '../app/deps';
import { logout, rotateRefreshToken } from '../app/sessions';
import { findCurrentUser } from '../db/repositories/users.repository';
import { clientIp, parseBody } from './parse';

/** `auth/*` served under every base (`/api`, `/farm-api`, `/garden-api`). */
export function authRoutes(ctx: Deps): Router {
  const r = express.Router();

  r.post(
    '/auth/register',
    route({}, ({ req }) => accounts.register(ctx, parseBody(ZRegisterBody, req.body)), { status: 201 }),
  );

  r.get(
    '/auth/activate/:token',
    route({ params: ZTokenParam }, ({ params }) => accounts.activate(ctx, params.token)),
  );

  r.post(
    '/auth/activation-link',
    route({}, async ({ req }) => {
      await accounts.resendActivationLink(ctx, parseBody(ZEmailBody, req.body).email, clientIp(req));
      return { message: 'If the account exists and is not active, an activation link has been sent' };
    }),
  );

  r.post(
    '/auth/login',
    route({}, ({ req }) => {
      const body = parseBody(ZLoginBody, req.body);
      return accounts.login(ctx, body.email, body.password, clientIp(req));
    }),
  );

  r.post(
    '/auth/refresh-token',
    route({}, ({ req }) => rotateRefreshToken(ctx, parseBody(ZRefreshTokenBody, req.body).refreshToken)),
  );

  r.post(
    '/auth/logout',
    route({}, async ({ req, res, auth }) => {
      const body = parseBody(ZLogoutBody, req.body);
      await logout(ctx, body.refreshToken, auth?.sessionId);
      res.status(204).end();
    }),
  );

  r.post(
    '/auth/forgot-password',
    route({}, async ({ req }) => {
      await accounts.forgotPassword(ctx, parseBody(ZEmailBody, req.body).email, clientIp(req), 'customer');
      return { message: 'passwordResetRequest' };
    }),
  );

  // Both loaders only check that the link is still usable (spec 7: response unused).
  r.get(
    '/auth/set-password/:token',
    route({ params: ZTokenParam }, ({ params }) => accounts.checkResetToken(ctx, params.token)),
  );
  r.get(
    '/auth/reset-password/:token',
    route({ params: ZTokenParam }, ({ params }) => accounts.checkResetToken(ctx, params.token)),
  );

  r.post(
    '/auth/set-password/:token',
    route({ params: ZTokenParam }, ({ params, req }) =>
      accounts.setPassword(ctx, params.token, parseBody(ZSetPasswordBody, req.body)),
    ),
  );

  // Spec 7: the SPA sends the one-time code of social sign-in in an `authCode` header.
  r.get(
    '/auth/token-exchange',
    route({}, ({ req }) => {
      const code = req.header('authcode');
      if (!code || code.length > 512)
        throw new AppError(IdentityErrorCode.invalidAuthCode, 401, 'Missing auth code');
      return accounts.exchangeAuthCode(ctx, code);
    }),
  );

  r.get(
    '/users/me',
    requireAuth,
    route({}, async ({ auth }) => {
      const me = await findCurrentUser(ctx.db, mustAuth(auth).userId);
      if (!me) throw new AppError(IdentityErrorCode.reauthenticate, 401, 'Please re-authenticate');
      if (!me.isEnabled)
        throw new AppError(
          IdentityErrorCode.accountSuspended,
          403,
          'Account suspended, contact the administrator',
        );
      return me;
    }),
  );

  return r;
}
