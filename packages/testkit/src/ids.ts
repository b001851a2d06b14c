import { randomBytes } from 'node:crypto';

/** A short random suffix that is safe in database, queue and key names. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
}
