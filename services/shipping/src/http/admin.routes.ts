import { Router } from 'express';
import {
  pageMeta,
  ShippingErrorCode,
  ZAdminShipmentsQuery,
  ZBulkLabelsBody,
  ZIdParam,
  ZLabelQuery,
  ZProtocolQuery,
} from '@gleba/contracts';
import { AppError, requireRole, route } from '@gleba/platform';
import { labels, protocol, requestReturn, returnLabel } from '../app/documents';
import type { Deps } from '../app/deps';
import { trackShipment } from '../app/tracking';
import { carrierFailure } from '../app/shipments';
import {
  adminShipmentsPage,
  findShipment,
  shipmentWithHistory,
  toShipment,
} from '../db/repositories/shipments.repository';
import { sendPdf as sendPdfDownload } from './pdf';

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

    const ofMode = async (id: string) => {
      const row = await findShipment(deps.db, id);
      if (!row || row.kind !== kind)
        throw new AppError(ShippingErrorCode.shipmentNotFound, 404, 'Shipment not found');
      return row;
    };

    r.get(
      '/',
      route({ query: ZAdminShipmentsQuery }, async ({ query }) => {
        const { rows, total } = await adminShipmentsPage(deps.db, kind, query, deps.config.TIME_ZONE);
        const now = deps.clock.now();
        return {
          items: rows.map((row) => toShipment(row, now)),
          meta: pageMeta(query.page, query.perPage, total),
        };
      }),
    );

    r.post(
      '/labels',
      route({ body: ZBulkLabelsBody }, async ({ body, res }) => {
        const rows = [];
        for (const id of body.shipmentIds) rows.push(await ofMode(id));
        return sendPdfDownload(res, await labels(deps, rows, body.format), `labels-${rows.length}.pdf`);
      }),
    );

    r.get(
      '/protocol',
      route({ query: ZProtocolQuery }, async ({ query, res }) =>
        sendPdfDownload(res, await protocol(deps, kind, query.date), `protocol-${query.date}.pdf`),
      ),
    );

    r.get(
      '/:id',
      route({ params: ZIdParam }, async ({ params }) => {
        const snap = (await shipmentWithHistory(deps.db, (await ofMode(params.id)).id))!;
        return { ...toShipment(snap.row, deps.clock.now()), history: snap.history };
      }),
    );

    r.get(
      '/:id/label',
      route({ params: ZIdParam, query: ZLabelQuery }, async ({ params, query, res }) => {
        const row = await ofMode(params.id);
        return sendPdfDownload(
          res,
          await labels(deps, [row], query.format),
          `label-${row.waybill ?? row.id}.pdf`,
        );
      }),
    );

    /** Asks DPD now instead of waiting for the next poll; answers with the history. */
    r.post(
      '/:id/track',
      route({ params: ZIdParam }, async ({ params }) => {
        const row = await ofMode(params.id);
        let found: { inserted: number; steps: string[] };
        try {
          found = await trackShipment(deps, row);
        } catch (error) {
          throw carrierFailure(error, ShippingErrorCode.carrierError, 'Tracking failed');
        }
        const fresh = (await shipmentWithHistory(deps.db, row.id))!;
        return {
          ...toShipment(fresh.row, deps.clock.now()),
          history: fresh.history,
          // What this check found: how many events were new, and the statuses it moved through.
          found: { newEvents: found.inserted, steps: found.steps },
        };
      }),
    );

    r.post(
      '/:id/return',
      route({ params: ZIdParam }, async ({ params }) => requestReturn(deps, await ofMode(params.id))),
    );

    r.get(
      '/:id/return-label',
      route({ params: ZIdParam, query: ZLabelQuery }, async ({ params, query, res }) => {
        const row = await ofMode(params.id);
        return sendPdfDownload(
          res,
          await returnLabel(deps, row, query.format),
          `return-${row.return_waybill ?? row.id}.pdf`,
        );
      }),
    );

    routes.use(base, r);
  }
  return routes;
}
