import type { Redis } from 'ioredis';
import type { ServiceContext } from '@gleba/platform';
import type { Config } from '../config';
import type { Database } from '../db/database';
import type { PasswordHasher } from '../domain/passwords';
import type { RateLimiter } from '../adapters/rate-limiter';
import type { KeyStore } from './key-store';
import type { SocialSignIn } from '../adapters/social-sign-in';

export type Deps = ServiceContext<Database, Config>;

/** What identity adds to the platform's context; built in `start`, used by the routes. */
export interface IdentityDeps {
  redis: Redis;
  limiter: RateLimiter;
  hasher: PasswordHasher;
  keys: KeyStore;
  social: SocialSignIn;
}

const registry = new WeakMap<object, IdentityDeps>();

export function setDeps(ctx: Deps, deps: IdentityDeps): void {
  registry.set(ctx, deps);
}

export function depsOf(ctx: Deps): IdentityDeps {
  const deps = registry.get(ctx);
  if (!deps) throw new Error('identity dependencies are not started');
  return deps;
}
