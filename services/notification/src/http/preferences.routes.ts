import express, { Router } from 'express';
import { ZUpdatePreferencesBody, type TNotificationPreferences } from '@gleba/contracts';
import { mustAuth, requireAuth, route } from '@gleba/platform';
import { listPreferences, savePreference } from '../db/repositories/preferences.repository';
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
    route({ body: ZUpdatePreferencesBody }, async ({ body, auth }): Promise<TNotificationPreferences> => {
      const userId = mustAuth(auth).userId;
      await db.transaction().execute(async (trx) => {
        const current = new Map((await listPreferences(trx, userId)).map((p) => [p.type, p]));
        for (const change of body.items) {
          const now = current.get(change.type)!;
          await savePreference(trx, userId, {
            type: change.type,
            isEmailEnabled: change.isEmailEnabled ?? now.isEmailEnabled,
            isInAppEnabled: change.isInAppEnabled ?? now.isInAppEnabled,
            isSmsEnabled: change.isSmsEnabled ?? now.isSmsEnabled,
          });
        }
      });
      return { items: await listPreferences(db, userId) };
    }),
  );

  routes.use('/api/notifications/preferences', router);
  return routes;
}
