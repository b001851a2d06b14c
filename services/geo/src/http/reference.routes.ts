import { Router } from 'express';
import { requestLanguage, requireAuth, route } from '@gleba/platform';
import { CROPS } from '@gleba/agronomy';
import {
  ZCitiesQuery,
  ZCommunesQuery,
  ZCountiesQuery,
  ZParcelAtQuery,
  ZParcelQuery,
  ZPrecinctsQuery,
  type TPlant,
} from '@gleba/contracts';
import { communes, counties, parcel, parcelAt, precincts, searchCities, voivodeships } from '../app/cadastre';
import type { Deps } from '../app/deps';

/** Administrative units (voivodeship -> county -> commune -> precinct). Public reference data. */
export function adminUnitRoutes(deps: Deps): Router {
  const r = Router();
  r.get(
    '/voivodeships',
    route({}, () => voivodeships(deps)),
  );
  r.get(
    '/counties',
    route({ query: ZCountiesQuery }, ({ query }) => counties(deps, query.voivodeship)),
  );
  r.get(
    '/communes',
    route({ query: ZCommunesQuery }, ({ query }) => communes(deps, query.county)),
  );
  r.get(
    '/precincts',
    route({ query: ZPrecinctsQuery }, ({ query }) => precincts(deps, query.commune)),
  );
  return r;
}

export function cadastreRoutes(deps: Deps): Router {
  const r = Router();
  // Signed-in only: each call is a ULDK request, and only the farm map (signed in) asks by point.
  r.get(
    '/parcels/at',
    requireAuth,
    route({ query: ZParcelAtQuery }, ({ query }) => parcelAt(deps, query.lon, query.lat)),
  );
  r.get(
    '/parcels',
    route({ query: ZParcelQuery }, ({ query }) => parcel(deps, query.precinct, query.number)),
  );
  return r;
}

export function cityRoutes(deps: Deps): Router {
  const r = Router();
  r.get(
    '/',
    route({ query: ZCitiesQuery }, ({ query }) => searchCities(deps, query.q)),
  );
  return r;
}

/** The crop catalogue of @gleba/agronomy, names in the request's language. */
export function plantRoutes(): Router {
  const r = Router();
  r.get(
    '/',
    route({}, ({ req }): TPlant[] => {
      const lang = requestLanguage(req);
      return CROPS.map((c) => ({
        id: c.id,
        name: c.names[lang],
        group: c.group,
        type: c.type,
        defaultYieldTPerHa: c.defaultYieldTPerHa,
      }));
    }),
  );
  return r;
}
