import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import type { Kysely } from 'kysely';
import { AppError, type KeyResolver } from '@gleba/platform';
import { CommonErrorCode } from '@gleba/contracts';
import type { Database } from '../db/database';
import {
  activeSigningKeys,
  hasActiveSigningKey,
  insertSigningKey,
  lockSigningKeys,
} from '../db/repositories/signing-keys.repository';

interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
  publicJwk: Record<string, unknown>;
}

/**
 * Identity's RS256 signing keys, kept in its database so a restart (or a second instance)
 * keeps every issued token valid. The newest unretired key signs; every unretired key verifies
 * and is published in the JWKS.
 */
export class KeyStore {
  private keys = new Map<string, SigningKey>();
  private current: SigningKey | null = null;
  private loadedAt = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /** Creates the first key when the table is empty (an advisory lock stops two instances racing). */
  async ensureKey(): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await lockSigningKeys(trx);
      if (await hasActiveSigningKey(trx)) return;
      const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const kid = randomUUID();
      await insertSigningKey(trx, {
        kid,
        privateKeyPem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
        publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' },
      });
    });
    await this.load();
  }

  private async load(): Promise<void> {
    const rows = await activeSigningKeys(this.db);
    const next = new Map<string, SigningKey>();
    for (const row of rows) {
      next.set(row.kid, {
        kid: row.kid,
        privateKey: createPrivateKey(row.private_key_pem),
        publicKey: createPublicKey({ key: row.public_jwk as never, format: 'jwk' }),
        publicJwk: row.public_jwk,
      });
    }
    this.keys = next;
    this.current = rows[0] ? (next.get(rows[0].kid) ?? null) : null;
    this.loadedAt = Date.now();
  }

  async signingKey(): Promise<SigningKey> {
    if (!this.current) await this.ensureKey();
    if (!this.current) throw new Error('no signing key');
    return this.current;
  }

  async jwks(): Promise<{ keys: Record<string, unknown>[] }> {
    if (this.keys.size === 0) await this.load();
    return { keys: [...this.keys.values()].map((k) => k.publicJwk) };
  }

  /** Verifies with the key named by `kid`; an unknown kid reloads (another instance may have rotated). */
  resolver(): KeyResolver {
    return async (kid) => {
      if (!kid) throw new AppError(CommonErrorCode.invalidToken, 401, 'Token has no key id');
      let key = this.keys.get(kid);
      if (!key && Date.now() - this.loadedAt > 5000) {
        await this.load();
        key = this.keys.get(kid);
      }
      if (!key) throw new AppError(CommonErrorCode.invalidToken, 401, 'Unknown signing key');
      return key.publicKey;
    };
  }
}

const stores = new WeakMap<object, KeyStore>();

/** One store per database handle, shared by the key resolver and the routes. */
export function keyStoreFor(db: Kysely<Database>): KeyStore {
  let store = stores.get(db);
  if (!store) {
    store = new KeyStore(db);
    stores.set(db, store);
  }
  return store;
}
