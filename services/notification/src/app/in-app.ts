import { NotificationErrorCode } from '@gleba/contracts';
import { notFound } from '@gleba/platform';
import { markSeen } from '../db/repositories/in-app.repository';
import type { Deps } from './deps';
import { inAppChangesOf } from './in-app-changes';

/** Marks one of the user's notifications seen; another user's id answers exactly like an unknown one. */
export async function markInAppSeen(
  deps: Deps,
  userId: string,
  id: string,
): Promise<{ id: string; seen: true }> {
  if (!(await markSeen(deps.db, userId, id)))
    throw notFound(NotificationErrorCode.notificationNotFound, 'Notification not found');
  inAppChangesOf(deps).forget(userId);
  return { id, seen: true };
}
