import { Router, type Response } from 'express';
import { mustAuth, requestLanguage, requireAuth, route, sendDownload } from '@gleba/platform';
import { errorMessage } from '@gleba/i18n';
import {
  ZCadastralPlotBody,
  ZCreatePlotBody,
  ZDivideBody,
  ZIdParam,
  ZImportPlotsBody,
  ZImportPreviewBody,
  ZPlotExportQuery,
  ZMergePlotsBody,
  ZMoveBody,
  ZUpdatePlotBody,
  type TImportPlotsResult,
  type TImportPreviewResult,
} from '@gleba/contracts';
import {
  createCadastralPlot,
  createDrawnPlot,
  deletePlot,
  dividePlot,
  getPlot,
  getPlots,
  exportPlotsFile,
  importPlotFile,
  previewPlotFile,
  mergePlots,
  movePlot,
  undoRedoPlot,
  updatePlotFields,
} from '../app/plots';
import type { Deps } from '../app/deps';

/**
 * Answers `value` as JSON with the array under `key` written item by item, letting other requests
 * run every few items: an import at the size limit answers megabytes of coordinates, which one
 * JSON.stringify would hold the event loop for.
 */
async function sendInParts<T extends object>(res: Response, status: number, value: T, key: keyof T & string) {
  const items = value[key] as unknown[];
  res.status(status).type('application/json');
  res.write(`{${JSON.stringify(key)}:[`);
  for (let i = 0; i < items.length; i++) {
    res.write((i > 0 ? ',' : '') + JSON.stringify(items[i]));
    if (i % 25 === 24) await new Promise((resolve) => setImmediate(resolve));
  }
  const rest = Object.entries(value).filter(([k]) => k !== key);
  res.end(`]${rest.map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`).join('')}}`);
}

export function plotRoutes(deps: Deps): Router {
  const r = Router();
  r.use(requireAuth);
  const user = (auth: Parameters<typeof mustAuth>[0]) => mustAuth(auth).userId;

  r.get(
    '/',
    route({}, ({ auth }) => getPlots(deps, user(auth))),
  );
  r.post(
    '/',
    route({ body: ZCreatePlotBody }, ({ body, auth }) => createDrawnPlot(deps, user(auth), body), {
      status: 201,
    }),
  );
  r.post(
    '/cadastral',
    route({ body: ZCadastralPlotBody }, ({ body, auth }) => createCadastralPlot(deps, user(auth), body), {
      status: 201,
    }),
  );
  r.post(
    '/import',
    route({ body: ZImportPlotsBody }, async ({ body, auth, req, res }) => {
      // Each skipped feature's message in the request's language, as an error response would be.
      const language = requestLanguage(req);
      const { imported, skipped } = await importPlotFile(
        deps,
        user(auth),
        body.format,
        body.content,
        body.only,
      );
      const result: TImportPlotsResult = {
        imported,
        skipped: skipped.map((s) => ({
          index: s.index,
          name: s.name,
          code: s.code,
          message: errorMessage(language, s.code, s.params) ?? s.message,
        })),
      };
      await sendInParts(res, 201, result, 'imported');
      return undefined;
    }),
  );
  // The shapes of a file, their areas and why any cannot be added: nothing is stored.
  r.post(
    '/import/preview',
    route({ body: ZImportPreviewBody }, async ({ body, auth, req }) => {
      const language = requestLanguage(req);
      const checks = await previewPlotFile(deps, user(auth), body.format, body.content);
      const result: TImportPreviewResult = {
        format: body.format,
        shapes: checks.map((c) => ({
          index: c.index,
          name: c.name,
          plotNumber: c.plotNumber,
          areaHa: c.areaHa,
          fileAreaHa: c.fileAreaHa,
          outline: c.outline,
          ok: c.ok,
          ...(c.ok ? {} : { code: c.code, message: errorMessage(language, c.code, c.params) ?? c.message }),
        })),
      };
      return result;
    }),
  );
  r.get(
    '/export',
    route({ query: ZPlotExportQuery }, async ({ query, auth, res }) => {
      const file = await exportPlotsFile(deps, user(auth), query.format);
      return sendDownload(res, { contentType: file.contentType, fileName: file.filename, body: file.body });
    }),
  );
  r.post(
    '/merge',
    route({ body: ZMergePlotsBody }, ({ body, auth }) => mergePlots(deps, user(auth), body.plotIds)),
  );
  r.get(
    '/:id',
    route({ params: ZIdParam }, ({ params, auth }) => getPlot(deps, user(auth), params.id)),
  );
  r.patch(
    '/:id',
    route({ params: ZIdParam, body: ZUpdatePlotBody }, ({ params, body, auth }) =>
      updatePlotFields(deps, user(auth), params.id, body),
    ),
  );
  r.delete(
    '/:id',
    route({ params: ZIdParam }, async ({ params, auth, res }) => {
      await deletePlot(deps, user(auth), params.id);
      res.status(204).end();
      return undefined;
    }),
  );
  r.post(
    '/:id/move',
    route({ params: ZIdParam, body: ZMoveBody }, ({ params, body, auth }) =>
      movePlot(deps, user(auth), params.id, body.distanceM, body.bearingDeg),
    ),
  );
  r.post(
    '/:id/divide',
    route({ params: ZIdParam, body: ZDivideBody }, ({ params, body, auth }) =>
      dividePlot(deps, user(auth), params.id, body.line.coordinates),
    ),
  );
  r.post(
    '/:id/undo',
    route({ params: ZIdParam }, ({ params, auth }) => undoRedoPlot(deps, user(auth), params.id, -1)),
  );
  r.post(
    '/:id/redo',
    route({ params: ZIdParam }, ({ params, auth }) => undoRedoPlot(deps, user(auth), params.id, 1)),
  );
  return r;
}
