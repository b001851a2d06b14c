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
  importPlots,
  mergePlots,
  movePlot,
  undoRedoPlot,
  updatePlotFields,
} from '../app/plots';
import { geoError } from '../domain/errors';
import { geometry } from '../app/geometry-thread';
import type { GeoDeps } from '../app/deps';

export function plotRoutes(deps: GeoDeps): Router {
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
        // Read on the geometry thread: a large file never holds up the service's own thread.
        const shapes = await geometry.readPlotFile(body.format, body.content);
        const result: TImportPlotsResult = { imported: [], skipped: [] };
        const readable = shapes.filter((s) => s.geometry);
        for (const shape of shapes) {
          if (shape.geometry) continue;
          const message = errorMessage(language, 'geometryInvalid') ?? shape.problem ?? 'no shape';
          result.skipped.push({ index: shape.index, name: shape.name, code: 'geometryInvalid', message });
        }
        const saved = await importPlots(deps, user(auth), readable);
        result.imported = saved.imported;
        for (const s of saved.skipped) {
          const message = errorMessage(language, s.code, s.params) ?? s.message;
          result.skipped.push({ index: s.index, name: s.name, code: s.code, message });
        }
        result.skipped.sort((a, b) => a.index - b.index);
        if (result.imported.length === 0 && result.skipped.length > 0 && shapes.every((s) => !s.geometry)) {
          throw geoError('plotImportInvalid', 'The file holds no polygons');
        }
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
