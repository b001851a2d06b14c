import { Router } from 'express';
import { mustAuth, requestLanguage, requireAuth, route, sendDownload } from '@gleba/platform';
import { ZFarmBody } from '@gleba/contracts';
import { exportFarm, myFarm, saveFarm } from '../app/farm';
import type { Deps } from '../app/deps';

export function farmRoutes(deps: Deps): Router {
  const r = Router();
  r.use(requireAuth);
  r.get(
    '/',
    route({}, async ({ auth, res }) => {
      const farm = await myFarm(deps, mustAuth(auth).userId);
      // Not set up yet is an answer, not an error (decision 0041).
      if (!farm) {
        res.status(200).json(null);
        return;
      }
      return farm;
    }),
  );
  r.put(
    '/',
    route({ body: ZFarmBody }, ({ body, auth }) => saveFarm(deps, mustAuth(auth).userId, body)),
  );
  r.get(
    '/export',
    route({}, async ({ auth, req, res }) => {
      const geojson = await exportFarm(deps, mustAuth(auth).userId, requestLanguage(req));
      return sendDownload(res, {
        contentType: 'application/geo+json',
        fileName: 'farm.geojson',
        body: geojson,
      });
    }),
  );
  return r;
}
