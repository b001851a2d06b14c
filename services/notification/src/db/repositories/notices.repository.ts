import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Language, NotificationType } from '@gleba/contracts';
import { defaultPreference } from '../../domain/rules';
import type { Contact, Db } from './contacts.repository';
import type { Channel, NewDelivery } from './deliveries.repository';
import type { PreferenceFlags } from './preferences.repository';
import type { Params } from '../../domain/templates';

/**
 * Each (user, notification type)'s contact (null when identity's event has not arrived yet) and
 * preference, in the order asked, in one query (the event path runs it once per transaction).
 */
export async function recipientsOf(
  db: Db,
  wanted: { userId: string; type: NotificationType }[],
): Promise<{ contact: Contact | null; pref: PreferenceFlags }[]> {
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
    from unnest(${wanted.map((w) => w.userId)}::uuid[], ${wanted.map((w) => w.type)}::text[]) with ordinality as u(id, type, i)
    left join contacts c on c.user_id = u.id
    left join preferences p on p.user_id = u.id and p.type = u.type
    order by u.i`.execute(db);
  return rows.map((r, i) => {
    const type = wanted[i]!.type;
    const contact: Contact | null = r.user_id
      ? { userId: r.user_id, email: r.email!, firstName: r.first_name!, lastName: r.last_name!, phoneNumber: r.phone_number, language: r.language as Language }
      : null;
    const pref: PreferenceFlags =
      r.is_email_enabled === null
        ? defaultPreference(type)
        : { isEmailEnabled: r.is_email_enabled, isInAppEnabled: r.is_in_app_enabled!, isSmsEnabled: r.is_sms_enabled! };
    return { contact, pref };
  });
}

export interface NewInApp {
  userId: string;
  type: NotificationType;
  content: string;
  params: Params;
  sourceKey: string;
}

/**
 * Writes notices in one statement: their in-app notifications and their deliveries. The unique
 * keys (user, source, type) and (user, source, type, channel) make a repeated notice add nothing.
 * Returns the deliveries actually inserted.
 */
export async function insertNotices(db: Db, inApps: NewInApp[], deliveries: NewDelivery[]): Promise<{ id: string; channel: Channel; status: string }[]> {
  if (inApps.length === 0 && deliveries.length === 0) return [];
  // Rows go in as one array per column (one statement whatever their number; the in-app rows take
  // their clock_timestamp() creation times in this order).
  const inAppCte = inApps.length
    ? sql`with in_app as (
        insert into in_app_notifications (id, user_id, type, content, params, source_key, seen_at)
        select id, user_id, type, content, params::jsonb, source_key, null
        from unnest(${inApps.map(() => randomUUID())}::uuid[], ${inApps.map((n) => n.userId)}::uuid[], ${inApps.map((n) => n.type)}::text[],
          ${inApps.map((n) => n.content)}::text[], ${inApps.map((n) => JSON.stringify(n.params))}::text[], ${inApps.map((n) => n.sourceKey)}::text[])
          with ordinality as r(id, user_id, type, content, params, source_key, i)
        order by i
        on conflict (user_id, source_key, type) do nothing)`
    : sql``;
  if (deliveries.length === 0) {
    await sql`${inAppCte} select 1`.execute(db);
    return [];
  }
  const column = <T>(f: (d: NewDelivery) => T) => deliveries.map(f);
  const { rows } = await sql<{ id: string; channel: Channel; status: string }>`${inAppCte}
    insert into deliveries (id, user_id, channel, type, template, source_key, recipient, fixed_recipient, language, params, app, link_path, status, reason)
    select id, user_id, channel, type, template, source_key, recipient, fixed_recipient, language, params::jsonb, app, link_path, status, reason
    from unnest(${column(() => randomUUID())}::uuid[], ${column((d) => d.userId)}::uuid[], ${column((d) => d.channel)}::text[], ${column((d) => d.type)}::text[],
      ${column((d) => d.template)}::text[], ${column((d) => d.sourceKey)}::text[], ${column((d) => d.recipient)}::text[], ${column((d) => d.fixedRecipient)}::boolean[],
      ${column((d) => d.language)}::text[], ${column((d) => JSON.stringify(d.params))}::text[], ${column((d) => d.app)}::text[], ${column((d) => d.linkPath)}::text[],
      ${column((d) => d.status)}::text[], ${column((d) => d.reason)}::text[])
      as r(id, user_id, channel, type, template, source_key, recipient, fixed_recipient, language, params, app, link_path, status, reason)
    on conflict do nothing returning id, channel, status`.execute(db);
  return rows;
}
