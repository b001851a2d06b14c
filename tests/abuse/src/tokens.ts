import {
  createHmac,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign as cryptoSign,
  type KeyObject,
} from 'node:crypto';
import { JWT_AUDIENCE, JWT_ISSUER } from '@gleba/platform';

const b64url = (v: Buffer | string) => Buffer.from(v).toString('base64url');

export function decodeJwt(token: string): {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
  signature: string;
} {
  const [h, p, s] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(h!, 'base64url').toString()),
    payload: JSON.parse(Buffer.from(p!, 'base64url').toString()),
    signature: s ?? '',
  };
}

export function rs256(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  key: KeyObject,
): string {
  const input = `${b64url(JSON.stringify({ ...header, alg: 'RS256', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}`;
  return `${input}.${b64url(cryptoSign('RSA-SHA256', Buffer.from(input), key))}`;
}

export function hs256(
  header: Record<string, unknown>,
  payload: Record<string, unknown>,
  secret: string | Buffer,
): string {
  const input = `${b64url(JSON.stringify({ ...header, alg: 'HS256', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}`;
  return `${input}.${b64url(createHmac('sha256', secret).update(input).digest())}`;
}

export function unsigned(header: Record<string, unknown>, payload: Record<string, unknown>): string {
  return `${b64url(JSON.stringify({ ...header, alg: 'none', typ: 'JWT' }))}.${b64url(JSON.stringify(payload))}.`;
}

/** The set of bad tokens derived from one real token; `signingKeyPem` is identity's own key (for the expired one). */
export function badTokens(
  real: string,
  signingKeyPem: string,
  publicJwk: Record<string, unknown>,
): Record<string, string> {
  const { header, payload, signature } = decodeJwt(real);
  const now = Math.floor(Date.now() / 1000);
  const asAdmin = { ...payload, role: 'ADMIN' };
  const wrongKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const realKey = createPrivateKey(signingKeyPem);
  const publicPem = createPublicKey({ key: publicJwk as never, format: 'jwk' })
    .export({ format: 'pem', type: 'spki' })
    .toString();
  return {
    'forged payload (role ADMIN, old signature)': `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(asAdmin))}.${signature}`,
    'forged payload (other sub, old signature)': `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify({ ...payload, sub: '00000000-0000-4000-8000-000000000000' }))}.${signature}`,
    'expired (signed by identity key)': rs256(
      header,
      { ...payload, iat: now - 7200, exp: now - 3600 },
      realKey,
    ),
    'alg none': unsigned(header, asAdmin),
    'alg none, no kid': unsigned({}, asAdmin),
    'wrong key, same kid': rs256(header, asAdmin, wrongKey),
    'HS256 keyed with the public key (PEM)': hs256(header, asAdmin, publicPem),
    'HS256 keyed with the public key (JWK n)': hs256(header, asAdmin, String(publicJwk.n ?? '')),
    'wrong issuer (identity key)': rs256(header, { ...payload, iss: 'evil', aud: JWT_AUDIENCE }, realKey),
    'wrong audience (identity key)': rs256(header, { ...payload, iss: JWT_ISSUER, aud: 'evil' }, realKey),
    garbage: 'not.a.jwt',
    'truncated signature': real.slice(0, -10),
  };
}
