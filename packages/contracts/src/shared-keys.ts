/**
 * Redis keys more than one service reads. Identity marks a suspended account (for as long as an
 * access token issued before the suspension can live); the gateway refuses that account's tokens
 * at once, in the same Redis command that counts its rate limit.
 */
export function suspendedAccountKey(prefix: string, userId: string): string {
  return `${prefix}:suspended:${userId}`;
}

/**
 * Identity marks a session (a refresh-token family, the `sid` claim of its access tokens) that
 * ended before its access tokens expired: logout, a password change or reset, a reused refresh
 * token. The gateway refuses access tokens of a marked session, in the same Redis command.
 */
export function revokedSessionKey(prefix: string, sessionId: string): string {
  return `${prefix}:revoked-session:${sessionId}`;
}
