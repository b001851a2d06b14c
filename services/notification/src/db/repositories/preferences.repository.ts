import type { NotificationType, TNotificationPreference } from '@gleba/contracts';
import { ConfigurableNotificationType } from '@gleba/contracts';
import { defaultPreference } from '../../domain/rules';
import type { Db } from './contacts.repository';

export type PreferenceFlags = Omit<TNotificationPreference, 'type'>;

export async function preferenceFor(
  db: Db,
  userId: string,
  type: NotificationType,
): Promise<PreferenceFlags> {
  const row = await db
    .selectFrom('preferences')
    .select(['is_email_enabled', 'is_in_app_enabled', 'is_sms_enabled'])
    .where('user_id', '=', userId)
    .where('type', '=', type)
    .executeTakeFirst();
  return row
    ? {
        isEmailEnabled: row.is_email_enabled,
        isInAppEnabled: row.is_in_app_enabled,
        isSmsEnabled: row.is_sms_enabled,
      }
    : defaultPreference(type);
}

/** Every configurable type, stored values over defaults. */
export async function listPreferences(db: Db, userId: string): Promise<TNotificationPreference[]> {
  const rows = await db.selectFrom('preferences').selectAll().where('user_id', '=', userId).execute();
  const byType = new Map(rows.map((r) => [r.type, r]));
  return ConfigurableNotificationType.options.map((type) => {
    const r = byType.get(type);
    return r
      ? {
          type,
          isEmailEnabled: r.is_email_enabled,
          isInAppEnabled: r.is_in_app_enabled,
          isSmsEnabled: r.is_sms_enabled,
        }
      : { type, ...defaultPreference(type) };
  });
}

export async function savePreference(db: Db, userId: string, pref: TNotificationPreference): Promise<void> {
  await db
    .insertInto('preferences')
    .values({
      user_id: userId,
      type: pref.type,
      is_email_enabled: pref.isEmailEnabled,
      is_in_app_enabled: pref.isInAppEnabled,
      is_sms_enabled: pref.isSmsEnabled,
      updated_at: new Date(),
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'type']).doUpdateSet((eb) => ({
        is_email_enabled: eb.ref('excluded.is_email_enabled'),
        is_in_app_enabled: eb.ref('excluded.is_in_app_enabled'),
        is_sms_enabled: eb.ref('excluded.is_sms_enabled'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}
