import type { TNotificationPreferences, TUpdatePreferencesBody } from '@gleba/contracts';
import { listPreferences, savePreference } from '../db/repositories/preferences.repository';
import type { Deps } from './deps';

/** Changes the channels named in the body (the others keep theirs); returns every preference. */
export async function updatePreferences(
  deps: Deps,
  userId: string,
  body: TUpdatePreferencesBody,
): Promise<TNotificationPreferences> {
  await deps.db.transaction().execute(async (trx) => {
    const current = new Map((await listPreferences(trx, userId)).map((p) => [p.type, p]));
    for (const change of body.items) {
      const now = current.get(change.type)!;
      await savePreference(trx, userId, {
        type: change.type,
        isEmailEnabled: change.isEmailEnabled ?? now.isEmailEnabled,
        isInAppEnabled: change.isInAppEnabled ?? now.isInAppEnabled,
        isSmsEnabled: change.isSmsEnabled ?? now.isSmsEnabled,
      });
    }
  });
  return { items: await listPreferences(deps.db, userId) };
}
