import { Router } from 'express';
import { mustAuth, requestLanguage, requireAuth, route } from '@gleba/platform';
import { errorMessage } from '@gleba/i18n';
import {
  ZCadastralPlotBody,
  ZCreatePlotBody,
  ZDivideBody,
  ZIdParam,
  ZImportPlotsBody,
  ZMergePlotsBody,
  ZMoveBody,
  ZUpdatePlotBody,
  type TImportPlotsResult,
} from '@gleba/contracts';
import {
  createCadastralPlot,
  createDrawnPlot,
  deletePlot,
  dividePlot,
  getPlot,
  getPlots,
  importPlotFile,
  mergePlots,
  movePlot,
  undoRedoPlot,
  updatePlotFields,
} from '../app/plots';
import type { Deps } from '../app/deps';

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
    route(
      { body: ZImportPlotsBody },
      async ({ body, auth, req }): Promise<TImportPlotsResult> => {
        // Each skipped feature's message in the request's language, as an error response would be.
        const language = requestLanguage(req);
        const { imported, skipped } = await importPlotFile(deps, user(auth), body.format, body.content);
        const result: TImportPlotsResult = {
          imported,
          skipped: skipped.map((s) => ({
            index: s.index,
            name: s.name,
            code: s.code,
            message: errorMessage(language, s.code, s.params) ?? s.message,
          })),
        };
        return result;
      },
      { status: 201 },
    ),
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
