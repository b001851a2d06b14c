import { Redis } from 'ioredis';
import type { ServiceDefinition } from '@gleba/platform';
import { ZConfig, type Config } from './config';
import type { Database } from './db/database';
import { migrations } from './db/migrations';
import { setDeps, depsOf } from './app/deps';
import { PasswordHasher } from './domain/passwords';
import { RateLimiter } from './adapters/rate-limiter';
import { keyStoreFor } from './app/key-store';
import { SocialSignIn } from './adapters/social-sign-in';
import { adminRoutes } from './http/admin.routes';
import { authRoutes } from './http/auth.routes';
import { jwksRoutes } from './http/jwks.routes';
import { socialRoutes } from './http/social.routes';
import { usersRoutes } from './http/users.routes';
import { privacyRoutes, adminPrivacyRoutes } from './http/privacy.routes';
import { privacyConsumers } from './events/privacy.consumer';
import { startPrivacyWorker } from './jobs/privacy.worker';

const ADMIN_BASES = ['/farm-api', '/garden-api'];

export const identityService: ServiceDefinition<Database, Config> = {
  name: 'identity',
  migrations,
  configSchema: ZConfig,
  // Social sign-in: the defaults are the OIDC simulator's clients and secrets. Apple takes either
  // a client secret or the key to sign one.
  productionSecrets: [
    'GOOGLE_CLIENT_ID',
    'GOOGLE_CLIENT_SECRET',
    'APPLE_CLIENT_ID',
    ['APPLE_CLIENT_SECRET', 'APPLE_PRIVATE_KEY'],
    'FACEBOOK_APP_ID',
    'FACEBOOK_APP_SECRET',
  ],
  // Identity verifies its own tokens with the keys in its database (no JWKS round trip to itself).
  keyResolver: ({ db }) => keyStoreFor(db).resolver(),
  async start(ctx) {
    const keys = keyStoreFor(ctx.db);
    await keys.ensureKey();
    const redis = new Redis(ctx.config.REDIS_URL, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
    redis.on('error', (error) => ctx.logger.warn({ err: error }, 'redis error'));
    setDeps(ctx, {
      redis,
      keys,
      limiter: new RateLimiter(redis, ctx.config.REDIS_PREFIX),
      hasher: new PasswordHasher(ctx.config.BCRYPT_COST),
      social: new SocialSignIn(ctx.config, redis),
    });
    await startPrivacyWorker(ctx);
    return async () => {
      await depsOf(ctx)
        .redis.quit()
        .catch(() => undefined);
    };
  },
  handlers: (ctx) => privacyConsumers(ctx),
  routes(app, ctx) {
    app.use(jwksRoutes(ctx));
    // Tokens, links and account data: never kept by a browser or a shared cache (the public keys
    // above may be cached).
    app.use((_req, res, next) => {
      res.setHeader('Cache-Control', 'no-store');
      next();
    });
    app.use(['/api', ...ADMIN_BASES], authRoutes(ctx));
    app.use('/api', socialRoutes(ctx));
    app.use('/api', privacyRoutes(ctx));
    app.use('/api', usersRoutes(ctx));
    app.use(ADMIN_BASES, adminPrivacyRoutes(ctx));
    app.use(ADMIN_BASES, adminRoutes(ctx));
  },
};
