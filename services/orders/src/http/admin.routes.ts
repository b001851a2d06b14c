import express from 'express';
import {
  OrdersErrorCode,
  ZAdminComplaintsQuery,
  ZAdminOrdersQuery,
  ZAnswerComplaintBody,
  ZBarcodeLabelsQuery,
  ZChangeStatusBody,
  ZCreateBarcodeBatchBody,
  ZIdParam,
  pageMeta,
  type AdminMode,
  type FarmOrderStatus,
  type GardenTestStatus,
} from '@gleba/contracts';
import { AppError, conflict, mustAuth, requireRole, route } from '@gleba/platform';
import { batchWithLabels, createBatch, renderLabelSheet, toBatch } from '../app/barcodes';
import { adminComplaints, answerComplaint, complaintPhoto } from '../app/complaints';
import type { Deps } from '../app/deps';
import { getFarmOrderRow, toFarmOrder, transitionFarmOrder } from '../app/farm-orders';
import { getGardenTestRow, toGardenTest, transitionGardenTest } from '../app/garden-tests';
import { toKitOrder } from '../app/kit-orders';
import { samplingPlan } from '../app/sampling';
import { adminOrders } from '../app/listing';
import { adminMarkPaid, adminMarkRefunded, sessionsOf } from '../app/payments';
import type { StatusHistoryEntry } from '../db/repositories/history.repository';
import { getContact } from '../db/repositories/read-models.repository';
import { sendPhoto } from './customer.routes';

interface HistoryPerson {
  name: string | null;
  role: 'ADMIN' | 'USER';
}

/** The admin panel's API, mounted under `/farm-api` (farm orders) and `/garden-api` (garden tests). */
export function adminRoutes(deps: Deps & { mode: AdminMode }): express.Router {
  const { mode } = deps;
  const r = express.Router();
  const db = deps.ctx.db;
  r.use(requireRole('ADMIN'));

  /**
   * The status history with who made each change: the name from the contacts read model, the
   * role from who it was (the order's owner is the customer; anyone else changing an order is an
   * admin); null for changes the system made (payments, parcels, results).
   */
  async function historyWithPeople(
    history: StatusHistoryEntry[],
    ownerId: string,
  ): Promise<(StatusHistoryEntry & { updatedBy: HistoryPerson | null })[]> {
    const ids = [...new Set(history.map((h) => h.updatedByUserId).filter((x): x is string => !!x))];
    const people = ids.length
      ? await db
          .selectFrom('contacts')
          .select(['user_id', 'first_name', 'last_name', 'email'])
          .where('user_id', 'in', ids)
          .execute()
      : [];
    const byId = new Map(people.map((p) => [p.user_id, p]));
    return history.map((h) => {
      if (!h.updatedByUserId) return { ...h, updatedBy: null };
      const p = byId.get(h.updatedByUserId);
      const name = p ? [p.first_name, p.last_name].filter(Boolean).join(' ') || p.email : null;
      return {
        ...h,
        updatedBy: { name, role: h.updatedByUserId === ownerId ? 'USER' : 'ADMIN' },
      };
    });
  }

  async function detail(id: string) {
    if (mode === 'farm') {
      const row = await getFarmOrderRow(db, id);
      const order = await toFarmOrder(db, row);
      const contact = await getContact(db, row.user_id);
      const customer = row.customer as {
        firstName: string;
        lastName: string;
        email: string;
        phoneNumber: string | null;
        companyName: string | null;
        taxNumber: string | null;
      };
      const crops = new Map<
        string,
        {
          cropId: string;
          fieldName: string;
          plantId: string;
          plotNumbers: string[];
          areaHa: number;
          sectors: number;
        }
      >();
      for (const s of order.samples) {
        const c = crops.get(s.cropId) ?? {
          cropId: s.cropId,
          fieldName: s.fieldName,
          plantId: s.plantId,
          plotNumbers: s.plotNumbers,
          areaHa: 0,
          sectors: 0,
        };
        c.areaHa = Math.round((c.areaHa + s.areaHa) * 100) / 100;
        c.sectors += 1;
        crops.set(s.cropId, c);
      }
      const failures = await db
        .selectFrom('failed_orders')
        .selectAll()
        .where('subject_id', '=', id)
        .execute();
      return {
        ...order,
        statusHistory: await historyWithPeople(order.statusHistory, row.user_id),
        client: {
          ...customer,
          address: contact?.address ?? null,
          isDataComplete: contact?.isDataComplete ?? false,
        },
        company:
          customer.companyName || customer.taxNumber
            ? { companyName: customer.companyName, taxNumber: customer.taxNumber }
            : null,
        farm: { totalAreaHa: order.totalAreaHa, crops: [...crops.values()] },
        report: {
          sampleCodes: order.samples.map((s) => s.code),
          additionalTests: order.additionalTests,
          completed: ['ORDER_COMPLETED', 'RESULTS_UPDATED'].includes(order.status),
        },
        payments: await sessionsOf(db, id),
        failedPayments: failures.map((f) => ({
          errorType: f.error_type,
          errorMessage: f.error_message,
          attempts: f.attempts,
          updatedAt: new Date(f.updated_at).toISOString(),
        })),
      };
    }
    const row = await getGardenTestRow(db, id);
    const test = await toGardenTest(db, row);
    const contact = await getContact(db, row.user_id);
    const customer = row.customer as { companyName: string | null; taxNumber: string | null };
    return {
      ...test,
      statusHistory: await historyWithPeople(test.statusHistory, row.user_id),
      client: { ...(row.customer as object), address: contact?.address ?? null },
      company:
        customer.companyName || customer.taxNumber
          ? { companyName: customer.companyName, taxNumber: customer.taxNumber }
          : null,
      farm: null,
      report: {
        sampleCodes: [row.barcode],
        additionalTests: test.additionalTestTypes,
        completed: ['COMPLETE_RESULTS', 'RESULTS_UPDATED', 'RESULTS_READY'].includes(row.status),
      },
    };
  }

  async function changeStatus(id: string, status: string, adminId: string, trackingNumber?: string) {
    if (mode === 'farm') {
      await db
        .transaction()
        .execute((trx) =>
          transitionFarmOrder(trx, deps, id, status as FarmOrderStatus, 'ADMIN', adminId, { trackingNumber }),
        );
    } else {
      await db
        .transaction()
        .execute((trx) => transitionGardenTest(trx, deps, id, status as GardenTestStatus, 'ADMIN', adminId));
    }
    return detail(id);
  }

  // Kit orders (garden kits bought online): listed and marked paid in garden mode.
  r.get(
    '/kit-orders',
    route({ query: ZAdminOrdersQuery.pick({ page: true, perPage: true }) }, async ({ query }) => {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('kit_orders')
          .selectAll()
          .orderBy('created_at', 'desc')
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage)
          .execute(),
        db
          .selectFrom('kit_orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return {
        items: await Promise.all(rows.map((k) => toKitOrder(deps, k))),
        meta: pageMeta(query.page, query.perPage, Number(count.n)),
      };
    }),
  );
  r.post(
    '/kit-orders/:id/mark-paid',
    route({ params: ZIdParam }, async ({ params, auth }) => {
      await adminMarkPaid(deps, 'KIT', params.id, mustAuth(auth).userId);
      const row = await db
        .selectFrom('kit_orders')
        .selectAll()
        .where('id', '=', params.id)
        .executeTakeFirstOrThrow();
      return toKitOrder(deps, row);
    }),
  );

  for (const base of ['/orders', '/soil-tests']) {
    r.get(
      base,
      route({ query: ZAdminOrdersQuery }, ({ query }) => adminOrders(deps, mode, query)),
    );
    r.get(
      `${base}/:id`,
      route({ params: ZIdParam }, ({ params }) => detail(params.id)),
    );
    r.post(
      `${base}/:id/status`,
      route({ params: ZIdParam, body: ZChangeStatusBody }, ({ params, body, auth }) =>
        changeStatus(params.id, body.status, mustAuth(auth).userId, body.trackingNumber),
      ),
    );
    r.post(
      `${base}/:id/cancel`,
      route({ params: ZIdParam }, ({ params, auth }) =>
        changeStatus(params.id, mode === 'farm' ? 'ORDER_CANCELLED' : 'CANCELLED', mustAuth(auth).userId),
      ),
    );
    r.post(
      `${base}/:id/mark-paid`,
      route({ params: ZIdParam }, async ({ params, auth }) => {
        if (mode === 'garden')
          throw conflict(
            OrdersErrorCode.paymentMethodMismatch,
            'Garden tests are paid with their kit: mark the kit order or the label batch paid',
          );
        const row = await getFarmOrderRow(db, params.id);
        if (row.status === 'ORDER_CANCELLED')
          throw conflict(OrdersErrorCode.cancelNotAllowed, 'The order is cancelled');
        await adminMarkPaid(deps, 'FARM', params.id, mustAuth(auth).userId);
        return detail(params.id);
      }),
    );
    /** The money of a payment that arrived for a cancelled order was returned (decision 0039). */
    r.post(
      `${base}/:id/mark-refunded`,
      route({ params: ZIdParam }, async ({ params }) => {
        if (mode === 'garden')
          throw conflict(OrdersErrorCode.paymentMethodMismatch, 'Garden tests are paid with their kit');
        await getFarmOrderRow(db, params.id);
        await adminMarkRefunded(deps, params.id);
        return detail(params.id);
      }),
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
      async ({ body, auth }) => {
        const created = await db.transaction().execute((trx) =>
          createBatch(trx, {
            count: body.count,
            retail: body.retail,
            paid: !body.retail,
            createdByUserId: mustAuth(auth).userId,
          }),
        );
        const { batch } = await batchWithLabels(db, created.id);
        return { ...toBatch(batch), barcodes: created.codes };
      },
      { status: 201 },
    ),
  );
  r.get(
    '/barcode-labels/batches',
    route({ query: ZAdminOrdersQuery.pick({ page: true, perPage: true }) }, async ({ query }) => {
      const [rows, count] = await Promise.all([
        db
          .selectFrom('barcode_batches')
          .selectAll()
          .orderBy('created_at', 'desc')
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage)
          .execute(),
        db
          .selectFrom('barcode_batches')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toBatch), meta: pageMeta(query.page, query.perPage, Number(count.n)) };
    }),
  );
  r.get(
    '/barcode-labels',
    route({ query: ZBarcodeLabelsQuery }, async ({ query }) => {
      let base = db.selectFrom('barcode_labels as l').innerJoin('barcode_batches as b', 'b.id', 'l.batch_id');
      if (query.batchId) base = base.where('l.batch_id', '=', query.batchId);
      if (query.printed) base = base.where('l.printed', '=', query.printed === 'true');
      if (query.paid) base = base.where('b.paid', '=', query.paid === 'true');
      const [rows, count] = await Promise.all([
        base
          .select(['l.id', 'l.barcode', 'l.label', 'l.printed', 'l.used_at', 'l.batch_id', 'b.paid'])
          .orderBy('l.barcode')
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return {
        items: rows.map((l) => ({
          id: l.id,
          barcode: l.barcode,
          label: l.label,
          printed: l.printed,
          paid: l.paid,
          used: l.used_at !== null,
          batchId: l.batch_id,
        })),
        meta: pageMeta(query.page, query.perPage, Number(count.n)),
      };
    }),
  );
  r.get(
    '/barcode-labels/batches/:id/pdf',
    route({ params: ZIdParam }, async ({ params, res }) => {
      const { labels } = await batchWithLabels(db, params.id);
      const pdf = await renderLabelSheet(labels);
      const now = new Date();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('barcode_labels')
          .set({ printed: true })
          .where('batch_id', '=', params.id)
          .execute();
        await trx
          .updateTable('barcode_batches')
          .set({ printed_at: now })
          .where('id', '=', params.id)
          .execute();
      });
      res.setHeader('content-type', 'application/pdf');
      res.setHeader('content-disposition', `attachment; filename="gleba-labels-${params.id}.pdf"`);
      res.end(pdf);
      return undefined;
    }),
  );
  r.post(
    '/barcode-labels/batches/:id/mark-paid',
    route({ params: ZIdParam }, async ({ params }) => {
      const { batch } = await batchWithLabels(db, params.id);
      if (batch.paid) throw new AppError(OrdersErrorCode.alreadyPaid, 409, 'Batch already paid');
      const updated = await db
        .updateTable('barcode_batches')
        .set({ paid: true, paid_at: new Date() })
        .where('id', '=', params.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      return toBatch(updated);
    }),
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
