import express from 'express';
import {
  ZAdminComplaintsQuery,
  ZAdminOrdersQuery,
  ZAnswerComplaintBody,
  ZBarcodeLabelsQuery,
  ZChangeStatusBody,
  ZCreateBarcodeBatchBody,
  ZIdParam,
  type AdminMode,
} from '@gleba/contracts';
import { mustAuth, requireRole, route } from '@gleba/platform';
import { adminBatches, adminCreateBatch, adminLabels, markBatchPaid, printBatch } from '../app/barcodes';
import {
  adminChangeStatus,
  adminMarkOrderPaid,
  adminMarkOrderRefunded,
  adminOrderDetail,
} from '../app/admin-orders';
import { adminComplaints, answerComplaint, complaintPhoto } from '../app/complaints';
import type { Deps } from '../app/deps';
import { adminKitOrders } from '../app/kit-orders';
import { adminMarkKitOrderPaid } from '../app/payments';
import { samplingPlan } from '../app/sampling';
import { adminOrders } from '../app/listing';
import { sendPhoto } from './customer.routes';

/** The admin panel's API, mounted under `/farm-api` (farm orders) and `/garden-api` (garden tests). */
export function adminRoutes(deps: Deps & { mode: AdminMode }): express.Router {
  const { mode } = deps;
  const r = express.Router();
  const db = deps.ctx.db;
  r.use(requireRole('ADMIN'));

  // Kit orders (garden kits bought online): listed and marked paid in garden mode.
  r.get(
    '/kit-orders',
    route({ query: ZAdminOrdersQuery.pick({ page: true, perPage: true }) }, ({ query }) =>
      adminKitOrders(deps, query),
    ),
  );
  r.post(
    '/kit-orders/:id/mark-paid',
    route({ params: ZIdParam }, ({ params, auth }) =>
      adminMarkKitOrderPaid(deps, params.id, mustAuth(auth).userId),
    ),
  );

  for (const base of ['/orders', '/soil-tests']) {
    r.get(
      base,
      route({ query: ZAdminOrdersQuery }, ({ query }) => adminOrders(deps, mode, query)),
    );
    r.get(
      `${base}/:id`,
      route({ params: ZIdParam }, ({ params }) => adminOrderDetail(deps, mode, params.id)),
    );
    r.post(
      `${base}/:id/status`,
      route({ params: ZIdParam, body: ZChangeStatusBody }, ({ params, body, auth }) =>
        adminChangeStatus(deps, mode, params.id, body.status, mustAuth(auth).userId, body.trackingNumber),
      ),
    );
    r.post(
      `${base}/:id/cancel`,
      route({ params: ZIdParam }, ({ params, auth }) =>
        adminChangeStatus(
          deps,
          mode,
          params.id,
          mode === 'farm' ? 'ORDER_CANCELLED' : 'CANCELLED',
          mustAuth(auth).userId,
        ),
      ),
    );
    r.post(
      `${base}/:id/mark-paid`,
      route({ params: ZIdParam }, ({ params, auth }) =>
        adminMarkOrderPaid(deps, mode, params.id, mustAuth(auth).userId),
      ),
    );
    /** The money of a payment that arrived for a cancelled order was returned (decision 0039). */
    r.post(
      `${base}/:id/mark-refunded`,
      route({ params: ZIdParam }, ({ params }) => adminMarkOrderRefunded(deps, mode, params.id)),
    );
  }

  /** The order's samples with their outlines, planned points and taken punctures (decision 0058). */
  if (mode === 'farm')
    r.get(
      '/orders/:id/sampling',
      route({ params: ZIdParam }, ({ params }) => samplingPlan(db, params.id)),
    );

  // ---- barcode labels ----
  r.post(
    '/barcode-labels/batches',
    route(
      { body: ZCreateBarcodeBatchBody },
      ({ body, auth }) => adminCreateBatch(deps, mustAuth(auth).userId, body),
      { status: 201 },
    ),
  );
  r.get(
    '/barcode-labels/batches',
    route({ query: ZAdminOrdersQuery.pick({ page: true, perPage: true }) }, ({ query }) =>
      adminBatches(deps, query),
    ),
  );
  r.get(
    '/barcode-labels',
    route({ query: ZBarcodeLabelsQuery }, ({ query }) => adminLabels(deps, query)),
  );
  r.get(
    '/barcode-labels/batches/:id/pdf',
    route({ params: ZIdParam }, async ({ params, res }) => {
      const pdf = await printBatch(deps, params.id);
      res.setHeader('content-type', 'application/pdf');
      res.setHeader('content-disposition', `attachment; filename="gleba-labels-${params.id}.pdf"`);
      res.end(pdf);
      return undefined;
    }),
  );
  r.post(
    '/barcode-labels/batches/:id/mark-paid',
    route({ params: ZIdParam }, ({ params }) => markBatchPaid(deps, params.id)),
  );
  // Complaints about farm samples and garden tests, listed together in either panel (decision 0052).
  r.get(
    '/complaints',
    route({ query: ZAdminComplaintsQuery }, ({ query }) => adminComplaints(deps, query)),
  );
  r.post(
    '/complaints/:id/answer',
    route({ params: ZIdParam, body: ZAnswerComplaintBody }, ({ params, body, auth }) =>
      answerComplaint(deps, mustAuth(auth).userId, params.id, body),
    ),
  );
  r.get(
    '/complaints/:id/photo',
    route({ params: ZIdParam }, async ({ params, res }) => {
      await sendPhoto(res, await complaintPhoto(deps, params.id), deps.ctx.config.UPLOAD_DIR);
      return undefined;
    }),
  );
  return r;
}
