import { createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import jwt from 'jsonwebtoken';
import { CommonErrorCode, ZAccessClaims, type Language, type Role } from '@gleba/contracts';
import { AppError, forbidden, unauthorized } from './errors';

export const JWT_ISSUER = 'gleba-identity';
export const JWT_AUDIENCE = 'gleba';
/** Only asymmetric signatures: `none` and HMAC (key confusion) are refused. */
export const JWT_ALGORITHMS: jwt.Algorithm[] = ['RS256'];

export interface AuthContext {
  userId: string;
  role: Role;
  email: string;
  language?: Language;
  sessionId?: string;
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthContext;
    /** Why a presented token was not accepted (raised by `requireAuth`, not by public routes). */
    authError?: AppError;
    requestId?: string;
  }
}

/** Finds the public key for a token's `kid`. */
export type KeyResolver = (kid: string | undefined) => Promise<KeyObject>;

export function staticKeyResolver(keys: KeyObject | Record<string, KeyObject>): KeyResolver {
  return async (kid) => {
    if ('asymmetricKeyType' in keys && (keys as KeyObject).type) return keys as KeyObject;
    const found = kid ? (keys as Record<string, KeyObject>)[kid] : undefined;
    if (!found) throw new AppError(CommonErrorCode.invalidToken, 401, 'Unknown signing key');
    return found;
  };
}

/**
 * Fetches identity's JWKS and caches it; an unknown `kid` refetches (at most every few seconds),
 * so key rotation needs no restart. A JWKS that cannot be fetched is a 503, not a 500.
 */
export function jwksKeyResolver(
  jwksUrl: string,
  options: { timeoutMs?: number; minRefetchMs?: number; fetchImpl?: typeof fetch } = {},
): KeyResolver {
  const timeoutMs = options.timeoutMs ?? 3000;
  const minRefetchMs = options.minRefetchMs ?? 5000;
  const doFetch = options.fetchImpl ?? fetch;
  let keys = new Map<string, KeyObject>();
  let fetchedAt = 0;
  let inflight: Promise<void> | null = null;

  async function refresh(): Promise<void> {
    inflight ??= (async () => {
      try {
        const res = await doFetch(jwksUrl, { signal: AbortSignal.timeout(timeoutMs) });
        if (!res.ok) throw new Error(`JWKS answered ${res.status}`);
        const body = (await res.json()) as { keys?: (JsonWebKey & { kid?: string })[] };
        const next = new Map<string, KeyObject>();
        for (const jwk of body.keys ?? []) {
          if (jwk.kid) next.set(jwk.kid, createPublicKey({ key: jwk, format: 'jwk' }));
        }
        keys = next;
        fetchedAt = Date.now();
      } catch (error) {
        throw new AppError(
          CommonErrorCode.serviceUnavailable,
          503,
          `Cannot fetch signing keys: ${(error as Error).message}`,
        );
      } finally {
        inflight = null;
      }
    })();
    return inflight;
  }

  return async (kid) => {
    if (!kid) throw new AppError(CommonErrorCode.invalidToken, 401, 'Token has no key id');
    let key = keys.get(kid);
    if (!key && Date.now() - fetchedAt > minRefetchMs) {
      await refresh();
      key = keys.get(kid);
    }
    if (!key) throw new AppError(CommonErrorCode.invalidToken, 401, 'Unknown signing key');
    return key;
  };
}

interface VerifiedToken {
  auth: AuthContext;
  kid: string | undefined;
  /** The key that verified the signature. */
  key: KeyObject;
  /** `exp` and `nbf` claims, in seconds. */
  exp: number | undefined;
  nbf: number | undefined;
}

async function verifyToken(
  token: string,
  resolveKey: KeyResolver,
  now: () => number,
): Promise<VerifiedToken> {
  const decoded = jwt.decode(token, { complete: true });
  if (!decoded || typeof decoded === 'string' || typeof decoded.payload === 'string') {
    throw new AppError(CommonErrorCode.invalidToken, 401, 'Malformed token');
  }
  if (!JWT_ALGORITHMS.includes(decoded.header.alg as jwt.Algorithm)) {
    throw new AppError(CommonErrorCode.invalidToken, 401, 'Token algorithm not accepted');
  }
  const key = await resolveKey(decoded.header.kid);
  let payload: jwt.JwtPayload | string;
  try {
    payload = jwt.verify(token, key, {
      algorithms: JWT_ALGORITHMS,
      issuer: JWT_ISSUER,
      audience: JWT_AUDIENCE,
      clockTimestamp: Math.floor(now() / 1000),
    });
  } catch (error) {
    if (error instanceof jwt.TokenExpiredError)
      throw new AppError(CommonErrorCode.tokenExpired, 401, 'Token expired');
    throw new AppError(CommonErrorCode.invalidToken, 401, 'Invalid token');
  }
  const claims = ZAccessClaims.safeParse(payload);
  if (!claims.success || typeof payload === 'string')
    throw new AppError(CommonErrorCode.invalidToken, 401, 'Invalid token claims');
  return {
    auth: {
      userId: claims.data.sub,
      role: claims.data.role,
      email: claims.data.email,
      ...(claims.data.lang ? { language: claims.data.lang } : {}),
      ...(claims.data.sid ? { sessionId: claims.data.sid } : {}),
    },
    kid: decoded.header.kid,
    key,
    exp: typeof payload.exp === 'number' ? payload.exp : undefined,
    nbf: typeof payload.nbf === 'number' ? payload.nbf : undefined,
  };
}

export async function verifyAccessToken(
  token: string,
  resolveKey: KeyResolver,
  now: () => number = Date.now,
): Promise<AuthContext> {
  return (await verifyToken(token, resolveKey, now)).auth;
}

export interface TokenVerifierOptions {
  /** Accepted tokens remembered (the oldest is forgotten first). */
  maxEntries?: number;
  /** The clock in ms (tests move it). */
  now?: () => number;
}

/**
 * `verifyAccessToken` with a memory of the tokens it has already accepted. A signature's verdict
 * never changes, so a token seen before is not decoded and RSA-verified again (the SPA sends the
 * same token with every call for up to 15 minutes, and each call is verified by the gateway and
 * by the service). What can change is checked again on every hit as a full verification would:
 * the expiry and not-before claims against the clock, and that the token's `kid` still resolves
 * to the very key that verified it (after a rotation or retirement the token is verified again).
 * Only accepted tokens with an expiry are remembered; a refused token is verified, and refused,
 * every time it is presented.
 */
export function createTokenVerifier(
  resolveKey: KeyResolver,
  options: TokenVerifierOptions = {},
): (token: string) => Promise<AuthContext> {
  const maxEntries = options.maxEntries ?? 10_000;
  const now = options.now ?? Date.now;
  const accepted = new Map<string, VerifiedToken>();
  return async (token) => {
    const hit = accepted.get(token);
    if (hit) {
      const seconds = Math.floor(now() / 1000);
      if (
        hit.exp !== undefined &&
        seconds < hit.exp &&
        (hit.nbf === undefined || seconds >= hit.nbf) &&
        (await resolveKey(hit.kid)) === hit.key
      ) {
        return hit.auth;
      }
      accepted.delete(token);
    }
    const verified = await verifyToken(token, resolveKey, now);
    if (verified.exp !== undefined) {
      if (accepted.size >= maxEntries) accepted.delete(accepted.keys().next().value as string);
      accepted.set(token, verified);
    }
    return verified.auth;
  };
}

export function bearerToken(req: { headers: IncomingHttpHeaders }): string | undefined {
  const header = req.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

/**
 * Sets `req.auth` when a valid bearer token is present. An invalid or expired one is remembered
 * in `req.authError` and answered (401) only by routes that require a session, so a stale token
 * sent along to a public route (refresh, login) does not break it.
 */
export function authenticate(resolveKey: KeyResolver, options: TokenVerifierOptions = {}): RequestHandler {
  const verify = createTokenVerifier(resolveKey, options);
  return async (req: Request, _res: Response, next: NextFunction) => {
    const token = bearerToken(req);
    if (!token) return next();
    try {
      req.auth = await verify(token);
      next();
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 401) {
        req.authError = error;
        return next();
      }
      next(error);
    }
  };
}

export const requireAuth: RequestHandler = (req, _res, next) => {
  next(req.auth ? undefined : (req.authError ?? unauthorized()));
};

export function requireRole(role: Role): RequestHandler {
  return (req, _res, next) => {
    if (!req.auth) return next(req.authError ?? unauthorized());
    next(req.auth.role === role ? undefined : forbidden());
  };
}

/** Narrows `auth` for handlers behind `requireAuth`. */
export function mustAuth(auth: AuthContext | undefined): AuthContext {
  if (!auth) throw unauthorized();
  return auth;
}
