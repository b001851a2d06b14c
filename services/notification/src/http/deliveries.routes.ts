import express, { Router } from 'express';
import {
  pageMeta,
  ZDeliveryListQuery,
  ZPageQuery,
  type TDeliveryList,
  type TSmsLogList,
} from '@gleba/contracts';
import { requireRole, route } from '@gleba/platform';
import { listDeliveries } from '../db/repositories/deliveries.repository';
import { listSmsLog } from '../db/repositories/sms-log.repository';
import type { Deps } from '../app/deps';

/** Admin delivery log, mounted under both `/farm-api` and `/garden-api`. */
export function deliveriesRoutes(deps: Deps): Router {
  const routes = Router();
  const { db } = deps;
  const router = express.Router();
  router.use(requireRole('ADMIN'));

  router.get(
    '/sms-log',
    route({ query: ZPageQuery }, async ({ query }): Promise<TSmsLogList> => {
      const { items, total } = await listSmsLog(db, query);
      return { items, meta: pageMeta(query.page, query.perPage, total) };
    }),
  );

  router.get(
    '/',
    route({ query: ZDeliveryListQuery }, async ({ query }): Promise<TDeliveryList> => {
      const { items, total } = await listDeliveries(db, {
        ...query,
        direction: query.orderBy?.endsWith(':asc') ? 'asc' : 'desc',
      });
      return { items, meta: pageMeta(query.page, query.perPage, total) };
    }),
  );

  for (const base of ['/farm-api', '/garden-api']) routes.use(`${base}/deliveries`, router);
  return routes;
}
