import { Router } from 'express';
import { mustAuth, requestLanguage, requireAuth, route, sendDownload } from '@gleba/platform';
import {
  ZAutoDivideBody,
  ZCreateCropBody,
  ZCutBody,
  ZDivideBody,
  ZIdParam,
  ZMoveBody,
  ZPrescriptionExportBody,
  ZPrescriptionExportParams,
  ZUpdateCropBody,
  ZUpdateSectorsBody,
} from '@gleba/contracts';
import {
  autoDivideCrop,
  createCrop,
  cutCrop,
  deleteCrop,
  divideCrop,
  getCropById,
  getCrops,
  getSector,
  moveCrop,
  revertSectors,
  undoRedoCrop,
  updateCropFields,
  updateSectors,
} from '../app/crops';
import type { Deps } from '../app/deps';
import { exportPrescription } from '../app/prescriptions';

export function cropRoutes(deps: Deps): Router {
  const r = Router();
  r.use(requireAuth);
  const user = (auth: Parameters<typeof mustAuth>[0]) => mustAuth(auth).userId;

  r.get(
    '/',
    route({}, ({ auth, req }) => getCrops(deps, user(auth), requestLanguage(req))),
  );
  r.post(
    '/',
    route(
      { body: ZCreateCropBody },
      ({ body, auth, req }) => createCrop(deps, user(auth), body, requestLanguage(req)),
      { status: 201 },
    ),
  );
  r.get(
    '/:id',
    route({ params: ZIdParam }, ({ params, auth, req }) =>
      getCropById(deps, user(auth), params.id, requestLanguage(req)),
    ),
  );
  r.patch(
    '/:id',
    route({ params: ZIdParam, body: ZUpdateCropBody }, ({ params, body, auth, req }) =>
      updateCropFields(deps, user(auth), params.id, body, requestLanguage(req)),
    ),
  );
  r.delete(
    '/:id',
    route({ params: ZIdParam }, async ({ params, auth, res }) => {
      await deleteCrop(deps, user(auth), params.id);
      res.status(204).end();
      return undefined;
    }),
  );
  // A variable-rate map as a file for the spreader: ISOXML TaskData, Shapefile or GeoJSON (decision 0060).
  r.post(
    '/:id/prescription/:format',
    route(
      { params: ZPrescriptionExportParams, body: ZPrescriptionExportBody },
      async ({ params, body, auth, req, res }) => {
        const file = await exportPrescription(
          deps,
          user(auth),
          params.id,
          params.format,
          body,
          requestLanguage(req),
        );
        return sendDownload(res, {
          contentType: file.contentType,
          fileName: file.fileName,
          body: file.bytes,
        });
      },
    ),
  );
  r.post(
    '/:id/move',
    route({ params: ZIdParam, body: ZMoveBody }, ({ params, body, auth, req }) =>
      moveCrop(deps, user(auth), params.id, body.distanceM, body.bearingDeg, requestLanguage(req)),
    ),
  );
  r.post(
    '/:id/cut',
    route({ params: ZIdParam, body: ZCutBody }, ({ params, body, auth, req }) =>
      cutCrop(deps, user(auth), params.id, body.ring, requestLanguage(req)),
    ),
  );
  r.post(
    '/:id/divide',
    route({ params: ZIdParam, body: ZDivideBody }, ({ params, body, auth, req }) =>
      divideCrop(deps, user(auth), params.id, body.line.coordinates, requestLanguage(req)),
    ),
  );
  r.post(
    '/:id/undo',
    route({ params: ZIdParam }, ({ params, auth, req }) =>
      undoRedoCrop(deps, user(auth), params.id, -1, requestLanguage(req)),
    ),
  );
  r.post(
    '/:id/redo',
    route({ params: ZIdParam }, ({ params, auth, req }) =>
      undoRedoCrop(deps, user(auth), params.id, 1, requestLanguage(req)),
    ),
  );
  r.get(
    '/:id/sectors',
    route(
      { params: ZIdParam },
      async ({ params, auth, req }) =>
        (await getCropById(deps, user(auth), params.id, requestLanguage(req))).sectors,
    ),
  );
  r.put(
    '/:id/sectors',
    route({ params: ZIdParam, body: ZUpdateSectorsBody }, ({ params, body, auth, req }) =>
      updateSectors(deps, user(auth), params.id, body, requestLanguage(req)),
    ),
  );
  r.post(
    '/:id/sectors/auto-divide',
    route({ params: ZIdParam, body: ZAutoDivideBody }, ({ params, body, auth, req }) =>
      autoDivideCrop(deps, user(auth), params.id, body.maxAreaHa, requestLanguage(req)),
    ),
  );
  r.post(
    '/:id/sectors/revert',
    route({ params: ZIdParam }, ({ params, auth, req }) =>
      revertSectors(deps, user(auth), params.id, requestLanguage(req)),
    ),
  );
  return r;
}

export function sectorRoutes(deps: Deps): Router {
  const r = Router();
  r.use(requireAuth);
  r.get(
    '/:id',
    route({ params: ZIdParam }, ({ params, auth, req }) =>
      getSector(deps, mustAuth(auth).userId, params.id, requestLanguage(req)),
    ),
  );
  return r;
}
