import express, { Router, type Request } from 'express';
import { z } from 'zod';
import { ZIdParam, ZImportUploadQuery, ZPageQuery } from '@gleba/contracts';
import { mustAuth, parseInput, requestLanguage, requireRole, route } from '@gleba/platform';
import { listImports } from '../db/repositories/imports.repository';
import { templateWorkbook } from '../adapters/template';
import { importById, recheckImport, requestApply } from '../app/import-actions';
import { uploadImport } from '../app/upload-import';
import { readUpload } from './upload';
import type { Deps } from '../app/deps';

const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function modeOf(req: Request): 'farm' | 'garden' {
  return req.baseUrl.startsWith('/garden-api') ? 'garden' : 'farm';
}

/** The wizard's choices; a wrong test type is answered with `importInvalidTestType`, not a generic 400. */
const ZUploadQueryLoose = z.object({
  testType: z.string().max(64).optional(),
  step: z.string().max(16).optional(),
  fileName: z.string().max(255).optional(),
});

const ZDetailQuery = z.object({ errorsLimit: z.coerce.number().int().min(0).max(10_000).default(1000) });

/** Admin API of the import wizard, mounted under both `/farm-api` and `/garden-api`. */
export function importRoutes(ctx: Deps): Router {
  const routes = Router();
  const { db } = ctx;
  const router = express.Router();
  router.use('/imports', requireRole('ADMIN'));

  router.get(
    '/imports/template',
    route({}, async ({ res }) => {
      const file = await templateWorkbook();
      res.setHeader('content-type', XLSX_MIME);
      res.setHeader('content-disposition', 'attachment; filename="gleba-lab-results-template.xlsx"');
      res.send(file);
      return undefined;
    }),
  );

  router.post(
    '/imports',
    route(
      { query: ZUploadQueryLoose },
      async ({ query: loose, auth, req }) => {
        const user = mustAuth(auth);
        const query = parseInput(ZImportUploadQuery.omit({ testType: true }), loose, 'query');
        return uploadImport(ctx, {
          userId: user.userId,
          mode: modeOf(req),
          testType: loose.testType,
          step: query.step,
          fileName: query.fileName,
          lang: requestLanguage(req),
          read: (max) => readUpload(req, max),
        });
      },
      { status: 202 },
    ),
  );

  router.get(
    '/imports',
    route({ query: ZPageQuery }, async ({ query, req }) =>
      listImports(db, modeOf(req), query.page, query.perPage, requestLanguage(req)),
    ),
  );

  router.get(
    '/imports/:id',
    route({ params: ZIdParam, query: ZDetailQuery }, ({ params, query, req }) =>
      importById(ctx, params.id, modeOf(req), query.errorsLimit, requestLanguage(req)),
    ),
  );

  router.post(
    '/imports/:id/check',
    route(
      { params: ZIdParam },
      async ({ params, req }) => recheckImport(ctx, params.id, modeOf(req), requestLanguage(req)),
      {
        status: 202,
      },
    ),
  );

  router.post(
    '/imports/:id/apply',
    route(
      { params: ZIdParam },
      async ({ params, req }) => requestApply(ctx, params.id, modeOf(req), requestLanguage(req)),
      {
        status: 202,
      },
    ),
  );

  for (const base of ['/farm-api', '/garden-api']) routes.use(base, router);
  return routes;
}
