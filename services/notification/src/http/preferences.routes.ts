import express, { Router } from 'express';
import { ZUpdatePreferencesBody, type TNotificationPreferences } from '@gleba/contracts';
import { mustAuth, requireAuth, route } from '@gleba/platform';
import { listPreferences } from '../db/repositories/preferences.repository';
import { updatePreferences } from '../app/preferences';
import type { Deps } from '../app/deps';

/** Per notification type: e-mail, in-app and SMS on or off. */
export function preferencesRoutes(ctx: Deps): Router {
  const routes = Router();
  const { db } = ctx;
  const router = express.Router();
  router.use(requireAuth);

  router.get(
    '/',
    route({}, async ({ auth }): Promise<TNotificationPreferences> => ({
      items: await listPreferences(db, mustAuth(auth).userId),
    })),
  );

  router.put(
    '/',
    route({ body: ZUpdatePreferencesBody }, ({ body, auth }) =>
      updatePreferences(ctx, mustAuth(auth).userId, body),
    ),
  );

  routes.use('/api/notifications/preferences', router);
  return routes;
}
