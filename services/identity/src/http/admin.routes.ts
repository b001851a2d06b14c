import express, { type Router } from 'express';
import { z } from 'zod';
import { mustAuth, notFound, requireRole, route } from '@gleba/platform';
import {
  IdentityErrorCode,
  ZAdminUsersQuery,
  ZEmailBody,
  ZIdParam,
  ZLoginBody,
  ZSuspendBody,
  SurveyType,
  pageMeta,
} from '@gleba/contracts';
import * as accounts from '../app/accounts';
import * as survey from '../app/survey';
import type { Deps } from '../app/deps';
import { findCurrentUser, listUsers } from '../db/repositories/users.repository';
import { clientIp, parseBody } from './parse';

/** The admin panel's calls (served under `/farm-api` and `/garden-api`). */
export function adminRoutes(ctx: Deps): Router {
  const r = express.Router();

  r.post(
    '/auth/admin/login',
    route({}, ({ req }) => {
      const body = parseBody(ZLoginBody, req.body);
      return accounts.login(ctx, body.email, body.password, clientIp(req), { admin: true });
    }),
  );

  // The check-your-e-mail step: the same answer whoever asks.
  r.post(
    '/auth/admin/forgot-password',
    route({}, async ({ req }) => {
      await accounts.forgotPassword(ctx, parseBody(ZEmailBody, req.body).email, clientIp(req), 'admin');
      return { message: 'checkYourEmail' };
    }),
  );

  r.get(
    '/users',
    requireRole('ADMIN'),
    route({ query: ZAdminUsersQuery }, async ({ query }) => {
      const { items, total } = await listUsers(ctx.db, query);
      return { items, meta: pageMeta(query.page, query.perPage, total) };
    }),
  );

  // Answers to the onboarding survey, counted (before `/users/:id`, which takes one segment).
  r.get(
    '/users/survey/:surveyType',
    requireRole('ADMIN'),
    route({ params: z.object({ surveyType: SurveyType }) }, ({ params }) =>
      survey.surveyCounts(ctx, params.surveyType),
    ),
  );

  r.get(
    '/users/:id',
    requireRole('ADMIN'),
    route({ params: ZIdParam }, async ({ params }) => {
      const user = await findCurrentUser(ctx.db, params.id);
      if (!user) throw notFound(IdentityErrorCode.userNotFound, 'User not found');
      return user;
    }),
  );

  r.post(
    '/users/:id/suspend',
    requireRole('ADMIN'),
    route({ params: ZIdParam }, ({ params, req, auth }) =>
      accounts.setSuspended(
        ctx,
        mustAuth(auth).userId,
        params.id,
        true,
        parseBody(ZSuspendBody, req.body).reason,
      ),
    ),
  );

  r.post(
    '/users/:id/reinstate',
    requireRole('ADMIN'),
    route({ params: ZIdParam }, ({ params, auth }) =>
      accounts.setSuspended(ctx, mustAuth(auth).userId, params.id, false),
    ),
  );

  return r;
}
