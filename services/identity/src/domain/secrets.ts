import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** An unguessable single-use token (256 bits) for links, refresh tokens and auth codes. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored: a database leak gives no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function constantTimeEquals(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

/** `GL-` and 10 characters: short enough to read out on the phone. */
export function newPublicUserId(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `GL-${[...randomBytes(10)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}
