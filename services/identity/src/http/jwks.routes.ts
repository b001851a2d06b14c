import express, { type Router } from 'express';
import { route } from '@gleba/platform';
import { depsOf, type Deps } from '../app/deps';

/** Every service verifies access tokens with these keys (`JWKS_URL`). */
export function jwksRoutes(deps: Deps): Router {
  const r = express.Router();
  r.get(
    '/.well-known/jwks.json',
    route({}, async ({ res }) => {
      res.setHeader('cache-control', 'public, max-age=300');
      return depsOf(deps).keys.jwks();
    }),
  );
  return r;
}
