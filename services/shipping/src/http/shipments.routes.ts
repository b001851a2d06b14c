import { Router } from 'express';
import { z } from 'zod';
import {
  ZCourierAvailabilityQuery,
  ZCreateShipmentBody,
  ZIdParam,
  ZLabelQuery,
  ZPickupPointsQuery,
} from '@gleba/contracts';
import { mustAuth, requireAuth, route } from '@gleba/platform';
import type { Deps } from '../app/deps';
import { myShipment, myShipmentLabel, myShipments } from '../app/my-shipments';
import {
  confirm,
  courierAvailability,
  findPickupPoint,
  listShippables,
  searchPickupPoints,
  summarize,
} from '../app/shipments';
import { sendPdf } from './pdf';

/** The customer's send-samples wizard and their shipments (`/api/shipments`, `/api/pickup-points`). */
export function shipmentsRoutes(deps: Deps): Router {
  const routes = Router();
  const r = Router();
  r.use(requireAuth);

  r.get(
    '/shippable',
    route({}, async ({ auth }) => ({ items: await listShippables(deps, mustAuth(auth).userId) })),
  );

  r.get(
    '/courier/availability',
    route({ query: ZCourierAvailabilityQuery }, async ({ auth, query }) =>
      courierAvailability(deps, mustAuth(auth).userId, query.date, query.postCode),
    ),
  );

  r.post(
    '/summary',
    route({ body: ZCreateShipmentBody }, async ({ auth, body }) =>
      summarize(deps, mustAuth(auth).userId, body),
    ),
  );

  r.post(
    '/',
    route(
      { body: ZCreateShipmentBody },
      async ({ auth, body }) => confirm(deps, mustAuth(auth).userId, body),
      { status: 201 },
    ),
  );

  r.get(
    '/',
    route({}, ({ auth }) => myShipments(deps, mustAuth(auth).userId)),
  );

  r.get(
    '/:id',
    route({ params: ZIdParam }, ({ auth, params }) => myShipment(deps, mustAuth(auth).userId, params.id)),
  );

  r.get(
    '/:id/label',
    route({ params: ZIdParam, query: ZLabelQuery }, async ({ auth, params, query, res }) =>
      sendPdf(res, await myShipmentLabel(deps, mustAuth(auth).userId, params.id, query.format)),
    ),
  );

  routes.use('/api/shipments', r);

  const points = Router();
  points.use(requireAuth);
  points.get(
    '/',
    route({ query: ZPickupPointsQuery }, ({ query }) => searchPickupPoints(deps, query)),
  );
  points.get(
    '/:id',
    route({ params: z.object({ id: z.string().min(1).max(40) }) }, async ({ params }) =>
      findPickupPoint(deps, params.id),
    ),
  );
  routes.use('/api/pickup-points', points);
  return routes;
}
