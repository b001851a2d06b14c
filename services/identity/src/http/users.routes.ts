import express, { type Router } from 'express';
import { mustAuth, requireAuth, route } from '@gleba/platform';
import {
  ZChangePasswordBody,
  ZProfileBody,
  ZProfilePatchBody,
  ZSurveyAnswersBody,
  ZUpdateMeBody,
  type TProfile,
} from '@gleba/contracts';
import * as accounts from '../app/accounts';
import * as survey from '../app/survey';
import type { Deps } from '../app/deps';
import { findProfile, toProfile } from '../db/repositories/users.repository';
import { parseBody } from './parse';

function profileView(p: ReturnType<typeof toProfile>): TProfile {
  return {
    serviceRole: p.serviceRole,
    personalData: p.personalData,
    businessData: p.businessData,
    correspondenceAddress: p.correspondenceAddress,
    isDataComplete: p.isDataComplete,
    updatedAt: p.updatedAt.toISOString(),
  };
}

/** The signed-in user's own account (customer API). */
export function usersRoutes(ctx: Deps): Router {
  const r = express.Router();
  r.use('/users', requireAuth);

  r.patch(
    '/users/me',
    route({}, ({ req, auth }) =>
      accounts.updateMe(ctx, mustAuth(auth).userId, parseBody(ZUpdateMeBody, req.body)),
    ),
  );

  r.post(
    '/users/me/password',
    route({}, ({ req, auth }) =>
      accounts.changePassword(ctx, mustAuth(auth).userId, parseBody(ZChangePasswordBody, req.body)),
    ),
  );

  // The onboarding survey (optional): the user's answers, replaced as a whole.
  r.get(
    '/users/me/survey',
    route({}, ({ auth }) => survey.surveyAnswers(ctx, mustAuth(auth).userId, 'ONBOARDING')),
  );
  r.put(
    '/users/me/survey',
    route({}, ({ req, auth }) =>
      survey.saveSurveyAnswers(
        ctx,
        mustAuth(auth).userId,
        'ONBOARDING',
        parseBody(ZSurveyAnswersBody, req.body),
      ),
    ),
  );

  r.get(
    '/users/profile',
    route({}, async ({ auth, res }) => {
      const p = await findProfile(ctx.db, mustAuth(auth).userId);
      // A new account has no profile yet: that is an answer, not an error (decision 0041).
      if (!p) {
        res.status(200).json(null);
        return;
      }
      return profileView(p);
    }),
  );

  r.post(
    '/users/profile',
    route(
      {},
      async ({ req, auth }) =>
        profileView(
          await accounts.createProfile(ctx, mustAuth(auth).userId, parseBody(ZProfileBody, req.body)),
        ),
      { status: 201 },
    ),
  );

  r.patch(
    '/users/profile',
    route({}, async ({ req, auth }) =>
      profileView(
        await accounts.patchProfile(ctx, mustAuth(auth).userId, parseBody(ZProfilePatchBody, req.body)),
      ),
    ),
  );

  return r;
}
