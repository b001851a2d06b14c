import { Router } from 'express';
import { requireAuth, route } from '@gleba/platform';
import { ZWeatherQuery } from '@gleba/contracts';
import type { Deps } from '../app/deps';

/** `GET /api/weather?lat&lon` (signed-in users: the dashboard's widget). */
export function weatherRoutes(deps: Deps): Router {
  const r = Router();
  r.use(requireAuth);
  r.get(
    '/',
    route({ query: ZWeatherQuery }, ({ query, res }) => {
      res.setHeader('cache-control', 'private, max-age=600');
      return deps.weather.forecast(query.lat, query.lon);
    }),
  );
  return r;
}
