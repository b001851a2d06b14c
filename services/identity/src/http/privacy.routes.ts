import express, { type Response, type Router } from 'express';
import { mustAuth, requireAuth, requireRole, route } from '@gleba/platform';
import { ZErasureBody, ZErasureConfirmBody, ZIdParam, ZPrivacyRequestIdParam } from '@gleba/contracts';
import * as privacy from '../app/privacy';
import type { Deps } from '../app/deps';
import { parseBody } from './parse';

function sendArchive(res: Response, archive: { bytes: Buffer; fileName: string }): void {
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', `attachment; filename="${archive.fileName}"`);
  res.status(200).end(archive.bytes);
}

/** "My data" of the signed-in user: export and erasure requests (decisions 0056, 0057). */
export function privacyRoutes(deps: Deps): Router {
  const r = express.Router();
  r.use('/users/me/privacy-requests', requireAuth);

  r.get(
    '/users/me/privacy-requests',
    route({}, ({ auth }) => privacy.userRequests(deps, mustAuth(auth).userId)),
  );
  r.post(
    '/users/me/privacy-requests/export',
    route({}, ({ auth }) => privacy.requestExport(deps, mustAuth(auth).userId, 'OWNER'), { status: 202 }),
  );
  r.post(
    '/users/me/privacy-requests/erasure',
    route(
      {},
      ({ req, auth }) =>
        privacy.askErasure(deps, mustAuth(auth).userId, parseBody(ZErasureBody, req.body).password),
      { status: 202 },
    ),
  );
  r.post(
    '/users/me/privacy-requests/erasure/confirm',
    route(
      {},
      ({ req, auth }) =>
        privacy.confirmErasure(deps, mustAuth(auth).userId, parseBody(ZErasureConfirmBody, req.body).token),
      { status: 202 },
    ),
  );
  r.get(
    '/users/me/privacy-requests/:requestId/archive',
    route({ params: ZPrivacyRequestIdParam }, async ({ params, auth, res }) => {
      sendArchive(
        res,
        await privacy.exportArchive(deps, params.requestId, { userId: mustAuth(auth).userId, admin: false }),
      );
    }),
  );
  return r;
}

/** The admin does the same for a user on request, and follows each request's progress. */
export function adminPrivacyRoutes(deps: Deps): Router {
  const r = express.Router();
  r.get(
    '/users/privacy-requests/:requestId/archive',
    requireRole('ADMIN'),
    route({ params: ZPrivacyRequestIdParam }, async ({ params, auth, res }) => {
      sendArchive(
        res,
        await privacy.exportArchive(deps, params.requestId, { userId: mustAuth(auth).userId, admin: true }),
      );
    }),
  );
  r.get(
    '/users/:id/privacy-requests',
    requireRole('ADMIN'),
    route({ params: ZIdParam }, ({ params }) => privacy.userRequests(deps, params.id)),
  );
  r.post(
    '/users/:id/privacy-requests/export',
    requireRole('ADMIN'),
    route({ params: ZIdParam }, ({ params }) => privacy.requestExport(deps, params.id, 'ADMIN'), {
      status: 202,
    }),
  );
  r.post(
    '/users/:id/privacy-requests/erasure',
    requireRole('ADMIN'),
    route(
      { params: ZIdParam },
      ({ params, auth }) => privacy.adminErasure(deps, mustAuth(auth).userId, params.id),
      {
        status: 202,
      },
    ),
  );
  return r;
}
