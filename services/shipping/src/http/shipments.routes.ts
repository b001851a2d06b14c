import { Router } from 'express';
import { z } from 'zod';
import {
  ShippingErrorCode,
  ZCourierAvailabilityQuery,
  ZCreateShipmentBody,
  ZIdParam,
  ZLabelQuery,
  ZPickupPointsQuery,
} from '@gleba/contracts';
import { AppError, mustAuth, requireAuth, route } from '@gleba/platform';
import { labels } from '../app/documents';
import type { Deps } from '../app/deps';
import {
  carrierFailure,
  confirm,
  courierAvailability,
  findPickupPoint,
  listShippables,
  ownShipment,
  summarize,
} from '../app/shipments';
import { shipmentWithHistory, toShipment, userShipments } from '../db/repositories/shipments.repository';
import { normalisePostCode, POSTCODE } from '../domain/courier';
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
    route({}, async ({ auth }) => {
      const rows = await userShipments(deps.db, mustAuth(auth).userId);
      const now = deps.clock.now();
      return { items: rows.map((row) => toShipment(row, now)) };
    }),
  );

  r.get(
    '/:id',
    route({ params: ZIdParam }, async ({ auth, params }) => {
      const own = await ownShipment(deps, mustAuth(auth).userId, params.id);
      const snap = (await shipmentWithHistory(deps.db, own.id))!;
      return { ...toShipment(snap.row, deps.clock.now()), history: snap.history };
    }),
  );

  r.get(
    '/:id/label',
    route({ params: ZIdParam, query: ZLabelQuery }, async ({ auth, params, query, res }) => {
      const row = await ownShipment(deps, mustAuth(auth).userId, params.id);
      return sendPdf(res, await labels(deps, [row], query.format), `label-${row.waybill ?? row.id}.pdf`);
    }),
  );

  routes.use('/api/shipments', r);

  const points = Router();
  points.use(requireAuth);
  points.get(
    '/',
    route({ query: ZPickupPointsQuery }, async ({ query }) => {
      const byCoordinates = query.lat !== undefined && query.lng !== undefined;
      if (!byCoordinates && !query.city && !query.postCode) {
        throw new AppError(
          ShippingErrorCode.pickupPointSearchInvalid,
          400,
          'Give a city, a postcode, or lat and lng',
        );
      }
      let postCode: string | undefined;
      if (query.postCode) {
        postCode = normalisePostCode(query.postCode);
        if (!POSTCODE.test(postCode))
          throw new AppError(ShippingErrorCode.invalidPostalCode, 400, 'Invalid postal code');
      }
      try {
        const items = byCoordinates
          ? await deps.dpd.findPickupPoints({
              kind: 'coordinates',
              lat: query.lat!,
              lng: query.lng!,
              radiusKm: query.radiusKm,
            })
          : await deps.dpd.findPickupPoints({ kind: 'city', city: query.city, postCode });
        return { items: items.slice(0, query.limit) };
      } catch (error) {
        throw carrierFailure(error, ShippingErrorCode.carrierError, 'Pickup point search failed');
      }
    }),
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
