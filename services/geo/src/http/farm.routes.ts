import { Router } from 'express';
import { mustAuth, requestLanguage, requireAuth, route } from '@gleba/platform';
import { ZFarmBody } from '@gleba/contracts';
import { findFarm, toFarm, upsertFarm } from '../db/repositories/farms.repository';
import { farmFeatureCollection } from '../adapters/plot-files';
import { getCrops } from '../app/crops';
import { getPlots } from '../app/plots';
import type { Deps } from '../app/deps';

export function farmRoutes(deps: Deps): Router {
  const r = Router();
  r.use(requireAuth);
  r.get(
    '/',
    route({}, async ({ auth, res }) => {
      const row = await findFarm(deps.db, mustAuth(auth).userId);
      // Not set up yet is an answer, not an error (decision 0041).
      if (!row) {
        res.status(200).json(null);
        return;
      }
      return toFarm(row);
    }),
  );
  // The onboarding wizard creates the farm; later edits use the same call.
  r.put(
    '/',
    route({ body: ZFarmBody }, async ({ body, auth }) =>
      toFarm(await upsertFarm(deps.db, mustAuth(auth).userId, body)),
    ),
  );
  r.get(
    '/export',
    route({}, async ({ auth, req, res }) => {
      const userId = mustAuth(auth).userId;
      const [plots, crops] = await Promise.all([
        getPlots(deps, userId),
        getCrops(deps, userId, requestLanguage(req)),
      ]);
      res
        .type('application/geo+json')
        .setHeader('content-disposition', 'attachment; filename="farm.geojson"');
      res.send(JSON.stringify(farmFeatureCollection(plots, crops)));
      return undefined;
    }),
  );
  return r;
}
