import express, { Router } from 'express';
import { z } from 'zod';
import {
  LabImportErrorCode,
  ZFieldHistoryQuery,
  type TAdminResultsView,
  type TFieldHistoryView,
  type TOrderResultsView,
  type TSampleResultsView,
} from '@gleba/contracts';
import { AppError, mustAuth, requestLanguage, requireAuth, requireRole, route } from '@gleba/platform';
import { findSample, puncturesOf, resultsOf, samplesWhere } from '../db/repositories/results.repository';
import { renderReport } from '../adapters/report-pdf';
import { resultView, sampleResultsView } from '../domain/results-view';
import type { Deps } from '../app/deps';

const ZTestParams = z.object({ testId: z.uuid() });
const ZOrderParams = z.object({ orderId: z.uuid() });
const ZAdminResultsQuery = z
  .object({ orderId: z.uuid().optional(), code: z.string().min(1).max(32).optional() })
  .refine((q) => q.orderId || q.code, { message: 'orderId or code is required' });

const notFound = () => new AppError(LabImportErrorCode.resultsNotFound, 404, 'Results not found');

/**
 * Customer API (`/api/results`): a test's results, an order's samples, a field's history and the
 * PDF report. Only the owner reads them; anyone else gets the same 404 as for a test that does not
 * exist. Admins read any order's results under `/{farm,garden}-api/results`.
 */
export function resultsRoutes(ctx: Deps): Router {
  const routes = Router();
  const { db } = ctx;
  const customer = express.Router();
  customer.use(requireAuth);

  const ownSample = async (testId: string, userId: string) => {
    const sample = await findSample(db, testId);
    if (!sample || sample.user_id !== userId) throw notFound();
    return sample;
  };

  customer.get(
    '/tests/:testId',
    route({ params: ZTestParams }, async ({ params, auth, req }): Promise<TSampleResultsView> => {
      const sample = await ownSample(params.testId, mustAuth(auth).userId);
      const results = await resultsOf(db, [sample.sample_id]);
      return sampleResultsView(sample, results.get(sample.sample_id) ?? [], requestLanguage(req));
    }),
  );

  customer.get(
    '/tests/:testId/report.pdf',
    route({ params: ZTestParams }, async ({ params, auth, req, res }) => {
      const sample = await ownSample(params.testId, mustAuth(auth).userId);
      const results = (await resultsOf(db, [sample.sample_id])).get(sample.sample_id) ?? [];
      if (results.length === 0) throw notFound();
      const punctures = sample.kind === 'FARM' ? await puncturesOf(db, sample.sample_id) : null;
      const pdf = await renderReport(sample, results, requestLanguage(req), punctures);
      res.setHeader('content-type', 'application/pdf');
      res.setHeader('content-disposition', `attachment; filename="gleba-${sample.code}.pdf"`);
      res.send(pdf);
      return undefined;
    }),
  );

  customer.get(
    '/orders/:orderId',
    route({ params: ZOrderParams }, async ({ params, auth, req }): Promise<TOrderResultsView> => {
      const samples = await samplesWhere(db, { orderId: params.orderId, userId: mustAuth(auth).userId });
      if (samples.length === 0) throw notFound();
      const results = await resultsOf(
        db,
        samples.map((s) => s.sample_id),
      );
      const lang = requestLanguage(req);
      const views = samples.map((s) => sampleResultsView(s, results.get(s.sample_id) ?? [], lang));
      const status = views.every((v) => v.status === 'READY_TO_DOWNLOAD')
        ? 'READY_TO_DOWNLOAD'
        : views.some((v) => v.status !== 'IN_LAB')
          ? 'PARTIAL_RESULTS'
          : 'IN_LAB';
      return { orderId: params.orderId, orderNumber: samples[0]!.order_number, status, samples: views };
    }),
  );

  customer.get(
    '/fields/history',
    route({ query: ZFieldHistoryQuery }, async ({ query, auth, req }): Promise<TFieldHistoryView> => {
      const samples = await samplesWhere(db, {
        userId: mustAuth(auth).userId,
        cropId: query.cropId,
        fieldName: query.fieldName,
      });
      const results = await resultsOf(
        db,
        samples.map((s) => s.sample_id),
      );
      const lang = requestLanguage(req);
      const items = samples
        .flatMap((s) =>
          (results.get(s.sample_id) ?? []).map((r) => ({
            testId: s.sample_id,
            code: s.code,
            orderId: s.order_id,
            orderNumber: s.order_number,
            fieldName: s.field_name,
            cropId: s.crop_id,
            plantId: s.plant_id,
            ...resultView(r, lang),
          })),
        )
        .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt));
      return { items };
    }),
  );

  routes.use('/api/results', customer);

  const admin = express.Router();
  admin.use(requireRole('ADMIN'));
  admin.get(
    '/',
    route({ query: ZAdminResultsQuery }, async ({ query, req }): Promise<TAdminResultsView> => {
      const samples = await samplesWhere(db, { orderId: query.orderId, code: query.code });
      const results = await resultsOf(
        db,
        samples.map((s) => s.sample_id),
      );
      const lang = requestLanguage(req);
      return {
        items: samples.map((s) => ({
          userId: s.user_id,
          ...sampleResultsView(s, results.get(s.sample_id) ?? [], lang),
        })),
      };
    }),
  );
  for (const base of ['/farm-api/results', '/garden-api/results']) routes.use(base, admin);
  return routes;
}
