import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { JWT_AUDIENCE, JWT_ISSUER, staticKeyResolver, type KeyResolver } from '@gleba/platform';
import type { Role } from '@gleba/contracts';

export interface TestKeys {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  resolver: KeyResolver;
  /** An access token as identity would issue it. */
  sign(
    claims: { sub?: string; role?: Role; email?: string; lang?: 'pl' | 'en' | 'uk'; sid?: string },
    options?: { expiresIn?: number },
  ): string;
  jwks(): { keys: object[] };
}

/** An RSA signing key of the test's own; services under test resolve it without identity. */
export function createTestKeys(): TestKeys {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  return {
    kid,
    privateKey,
    publicKey,
    resolver: staticKeyResolver({ [kid]: publicKey }),
    sign(claims, options = {}) {
      return jwt.sign(
        {
          sub: claims.sub ?? randomUUID(),
          role: claims.role ?? 'USER',
          email: claims.email ?? 'user@example.com',
          lang: claims.lang,
          ...(claims.sid ? { sid: claims.sid } : {}),
        },
        privateKey,
        {
          algorithm: 'RS256',
          keyid: kid,
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          expiresIn: options.expiresIn ?? 900,
        },
      );
    },
    jwks: () => ({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] }),
  };
}
