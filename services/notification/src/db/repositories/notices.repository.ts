import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Language, NotificationType } from '@gleba/contracts';
import { defaultPreference } from '../../domain/rules';
import type { Contact, Db } from './contacts.repository';
import type { Channel, NewDelivery } from './deliveries.repository';
import type { PreferenceFlags } from './preferences.repository';
import type { Params } from '../../domain/templates';

/**
 * The user's contact (null when identity's event has not arrived yet) and preference for one
 * notification type, in one query (the event path runs it once per event).
 */
export async function recipientOf(db: Db, userId: string, type: NotificationType): Promise<{ contact: Contact | null; pref: PreferenceFlags }> {
  const { rows } = await sql<{
    user_id: string | null;
    email: string | null;
    first_name: string | null;
    last_name: string | null;
    phone_number: string | null;
    language: string | null;
    is_email_enabled: boolean | null;
    is_in_app_enabled: boolean | null;
    is_sms_enabled: boolean | null;
  }>`
    select c.user_id, c.email, c.first_name, c.last_name, c.phone_number, c.language,
      p.is_email_enabled, p.is_in_app_enabled, p.is_sms_enabled
    from (select ${userId}::uuid as id) u
    left join contacts c on c.user_id = u.id
    left join preferences p on p.user_id = u.id and p.type = ${type}`.execute(db);
  const r = rows[0]!;
  const contact: Contact | null = r.user_id
    ? { userId: r.user_id, email: r.email!, firstName: r.first_name!, lastName: r.last_name!, phoneNumber: r.phone_number, language: r.language as Language }
    : null;
  const pref: PreferenceFlags =
    r.is_email_enabled === null
      ? defaultPreference(type)
      : { isEmailEnabled: r.is_email_enabled, isInAppEnabled: r.is_in_app_enabled!, isSmsEnabled: r.is_sms_enabled! };
  return { contact, pref };
}

export interface NewInApp {
  userId: string;
  type: NotificationType;
  content: string;
  params: Params;
  sourceKey: string;
}

/**
 * Writes one notice in one statement: the in-app notification (when given) and its deliveries.
 * The unique keys (user, source, type) and (user, source, type, channel) make a repeated notice
 * add nothing. Returns the deliveries actually inserted.
 */
export async function insertNotice(
  db: Db,
  inApp: NewInApp | null,
  deliveries: NewDelivery[],
): Promise<{ id: string; channel: Channel; status: string }[]> {
  const inAppCte = inApp
    ? sql`with in_app as (
        insert into in_app_notifications (id, user_id, type, content, params, source_key, seen_at)
        values (${randomUUID()}, ${inApp.userId}, ${inApp.type}, ${inApp.content}, ${JSON.stringify(inApp.params)}::jsonb, ${inApp.sourceKey}, null)
        on conflict (user_id, source_key, type) do nothing)`
    : sql``;
  if (deliveries.length === 0) {
    if (inApp) await sql`${inAppCte} select 1`.execute(db);
    return [];
  }
  const values = deliveries.map(
    (d) => sql`(${randomUUID()}::uuid, ${d.userId}::uuid, ${d.channel}, ${d.type}, ${d.template}, ${d.sourceKey}, ${d.recipient}, ${d.fixedRecipient}, ${d.language},
      ${JSON.stringify(d.params)}::jsonb, ${d.app}, ${d.linkPath}, ${d.status}, ${d.reason})`,
  );
  const { rows } = await sql<{ id: string; channel: Channel; status: string }>`${inAppCte}
    insert into deliveries (id, user_id, channel, type, template, source_key, recipient, fixed_recipient, language, params, app, link_path, status, reason)
    values ${sql.join(values)}
    on conflict do nothing returning id, channel, status`.execute(db);
  return rows;
}
