/**
 * Redis keys more than one service reads. Identity marks a suspended account (for as long as an
 * access token issued before the suspension can live); the gateway refuses that account's tokens
 * at once, in the same Redis command that counts its rate limit.
 */
export function suspendedAccountKey(prefix: string, userId: string): string {
  return `${prefix}:suspended:${userId}`;
}
