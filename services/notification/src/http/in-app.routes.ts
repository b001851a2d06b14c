import express, { Router } from 'express';
import {
  pageMeta,
  ZIdParam,
  ZInAppChangesQuery,
  ZInAppListQuery,
  type TInAppChanges,
  type TInAppList,
} from '@gleba/contracts';
import { mustAuth, requestLanguage, requireAuth, requireRole, route } from '@gleba/platform';
import { countUnseen, inAppState, listInApp } from '../db/repositories/in-app.repository';
import { markInAppSeen } from '../app/in-app';
import { inAppChangesOf } from '../app/in-app-changes';
import { renderInApp } from '../domain/templates';
import type { Deps } from '../app/deps';

/** The signed-in user's in-app notifications (spec section 7). */
export function inAppRoutes(ctx: Deps): Router {
  const routes = Router();
  const { db, config } = ctx;
  const changes = inAppChangesOf(ctx);
  const router = express.Router();
  router.use(requireAuth);

  // Long poll: answers when the user's notifications change (a NOTIFY from the table's trigger,
  // whichever replica wrote), or after `waitMs` with the cursor unchanged.
  router.get(
    '/changes',
    route({ query: ZInAppChangesQuery }, async ({ query, auth, req }): Promise<TInAppChanges | undefined> => {
      const userId = mustAuth(auth).userId;
      const look = () => changes.stateOf(userId, () => inAppState(db, userId));
      if (!query.after || query.waitMs === 0) return look();
      // Registered before the first look, so a change committed in between is not missed.
      const waiter = changes.subscribe(userId);
      if (!waiter) return look();
      let gone = false;
      const onClose = () => {
        gone = true;
        waiter.close();
      };
      req.once('close', onClose);
      try {
        const deadline = Date.now() + query.waitMs;
        for (;;) {
          const state = await look();
          const left = deadline - Date.now();
          if (state.cursor !== query.after || left <= 0 || changes.isClosed) return state;
          await waiter.next(changes.waitLimit(left));
          if (gone) return undefined;
        }
      } finally {
        req.off('close', onClose);
        waiter.close();
      }
    }),
  );

  router.get(
    '/unseen/count',
    route({}, async ({ auth }) => ({ unseenCount: await countUnseen(db, mustAuth(auth).userId) })),
  );

  router.get(
    '/',
    route({ query: ZInAppListQuery }, async ({ query, auth, req }): Promise<TInAppList> => {
      const lang = requestLanguage(req);
      const { items, total } = await listInApp(db, mustAuth(auth).userId, {
        page: query.page,
        perPage: query.perPage,
        filter: query.filter,
        direction: query.orderBy.endsWith(':asc') ? 'asc' : 'desc',
      });
      return {
        items: items.map((n) => ({
          id: n.id,
          type: n.type,
          content: n.content,
          params: n.params,
          text: renderInApp(n.content, lang, n.params, { timeZone: config.TIME_ZONE }),
          seen: n.seen,
          createdAt: n.createdAt.toISOString(),
        })),
        meta: pageMeta(query.page, query.perPage, total),
      };
    }),
  );

  router.patch(
    '/:id',
    route({ params: ZIdParam }, ({ params, auth }) => markInAppSeen(ctx, mustAuth(auth).userId, params.id)),
  );

  routes.use('/api/notifications/in-app', router);

  // The admin panel asks for its own unseen count under its mode's base (spec 6).
  const adminRouter = express.Router();
  adminRouter.use(requireRole('ADMIN'));
  adminRouter.get(
    '/unseen/count',
    route({}, async ({ auth }) => ({ unseenCount: await countUnseen(db, mustAuth(auth).userId) })),
  );
  for (const base of ['/farm-api', '/garden-api']) routes.use(`${base}/notifications/in-app`, adminRouter);
  return routes;
}
