import { Router } from 'express';
import {
  ZAdminShipmentsQuery,
  ZBulkLabelsBody,
  ZIdParam,
  ZLabelQuery,
  ZProtocolQuery,
} from '@gleba/contracts';
import { requireRole, route } from '@gleba/platform';
import {
  adminLabel,
  adminLabels,
  adminProtocol,
  adminReturn,
  adminReturnLabel,
  adminShipment,
  adminShipments,
  adminTrack,
} from '../app/admin-shipments';
import type { Deps } from '../app/deps';
import { sendPdf } from './pdf';

const MODES = [
  { base: '/farm-api/shipments', kind: 'FARM' },
  { base: '/garden-api/shipments', kind: 'GARDEN' },
] as const;

/** The admin panel's shipments, per mode: `/farm-api` sees farm orders, `/garden-api` garden tests. */
export function adminRoutes(deps: Deps): Router {
  const routes = Router();
  for (const { base, kind } of MODES) {
    const r = Router();
    r.use(requireRole('ADMIN'));

    r.get(
      '/',
      route({ query: ZAdminShipmentsQuery }, ({ query }) => adminShipments(deps, kind, query)),
    );

    r.post(
      '/labels',
      route({ body: ZBulkLabelsBody }, async ({ body, res }) =>
        sendPdf(res, await adminLabels(deps, kind, body.shipmentIds, body.format)),
      ),
    );

    r.get(
      '/protocol',
      route({ query: ZProtocolQuery }, async ({ query, res }) =>
        sendPdf(res, await adminProtocol(deps, kind, query.date)),
      ),
    );

    r.get(
      '/:id',
      route({ params: ZIdParam }, ({ params }) => adminShipment(deps, kind, params.id)),
    );

    r.get(
      '/:id/label',
      route({ params: ZIdParam, query: ZLabelQuery }, async ({ params, query, res }) =>
        sendPdf(res, await adminLabel(deps, kind, params.id, query.format)),
      ),
    );

    /** Asks DPD now instead of waiting for the next poll; answers with the history. */
    r.post(
      '/:id/track',
      route({ params: ZIdParam }, ({ params }) => adminTrack(deps, kind, params.id)),
    );

    r.post(
      '/:id/return',
      route({ params: ZIdParam }, ({ params }) => adminReturn(deps, kind, params.id)),
    );

    r.get(
      '/:id/return-label',
      route({ params: ZIdParam, query: ZLabelQuery }, async ({ params, query, res }) =>
        sendPdf(res, await adminReturnLabel(deps, kind, params.id, query.format)),
      ),
    );

    routes.use(base, r);
  }
  return routes;
}
