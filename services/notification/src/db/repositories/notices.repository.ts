import { randomUUID } from 'node:crypto';
import { preparedStatement } from '@gleba/platform';
import type { Language, NotificationType } from '@gleba/contracts';
import { defaultPreference } from '../../domain/rules';
import type { Contact, Db } from './contacts.repository';
import type { Channel, NewDelivery } from './deliveries.repository';
import type { PreferenceFlags } from './preferences.repository';
import type { Params } from '../../domain/templates';

interface RecipientRow {
  user_id: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  language: string | null;
  is_email_enabled: boolean | null;
  is_in_app_enabled: boolean | null;
  is_sms_enabled: boolean | null;
}

// The event path's statements, prepared (parsed once per connection, not built per call).
const RECIPIENTS_SQL =
  preparedStatement<RecipientRow>(`select c.user_id, c.email, c.first_name, c.last_name, c.phone_number, c.language,
    p.is_email_enabled, p.is_in_app_enabled, p.is_sms_enabled
  from unnest($1::uuid[], $2::text[]) with ordinality as u(id, type, i)
  left join contacts c on c.user_id = u.id
  left join preferences p on p.user_id = u.id and p.type = u.type
  order by u.i`);

/**
 * Each (user, notification type)'s contact (null when identity's event has not arrived yet) and
 * preference, in the order asked, in one query (the event path runs it once per transaction).
 */
export async function recipientsOf(
  db: Db,
  wanted: { userId: string; type: NotificationType }[],
): Promise<{ contact: Contact | null; pref: PreferenceFlags }[]> {
  const { rows } = await db.executeQuery(
    RECIPIENTS_SQL([wanted.map((w) => w.userId), wanted.map((w) => w.type)]),
  );
  return rows.map((r, i) => {
    const type = wanted[i]!.type;
    const contact: Contact | null = r.user_id
      ? {
          userId: r.user_id,
          email: r.email!,
          firstName: r.first_name!,
          lastName: r.last_name!,
          phoneNumber: r.phone_number,
          language: r.language as Language,
        }
      : null;
    const pref: PreferenceFlags =
      r.is_email_enabled === null
        ? defaultPreference(type)
        : {
            isEmailEnabled: r.is_email_enabled,
            isInAppEnabled: r.is_in_app_enabled!,
            isSmsEnabled: r.is_sms_enabled!,
          };
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

// Rows go in as one array per column, so the statement is the same whatever their number (the
// in-app rows take their clock_timestamp() creation times in the order given).
const INSERT_NOTICES_SQL = preparedStatement<{
  id: string;
  channel: Channel;
  status: string;
}>(`with in_app as (
    insert into in_app_notifications (id, user_id, type, content, params, source_key, seen_at)
    select id, user_id, type, content, params::jsonb, source_key, null
    from unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[]) with ordinality as r(id, user_id, type, content, params, source_key, i)
    order by i
    on conflict (user_id, source_key, type) do nothing)
  insert into deliveries (id, user_id, channel, type, template, source_key, recipient, fixed_recipient, language, params, app, link_path, status, reason)
  select id, user_id, channel, type, template, source_key, recipient, fixed_recipient, language, params::jsonb, app, link_path, status, reason
  from unnest($7::uuid[], $8::uuid[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[], $14::boolean[], $15::text[], $16::text[],
    $17::text[], $18::text[], $19::text[], $20::text[])
    as r(id, user_id, channel, type, template, source_key, recipient, fixed_recipient, language, params, app, link_path, status, reason)
  on conflict do nothing returning id, channel, status`);

/**
 * Writes notices in one statement: their in-app notifications and their deliveries. The unique
 * keys (user, source, type) and (user, source, type, channel) make a repeated notice add nothing.
 * Returns the deliveries actually inserted.
 */
export async function insertNotices(
  db: Db,
  inApps: NewInApp[],
  deliveries: NewDelivery[],
): Promise<{ id: string; channel: Channel; status: string }[]> {
  if (inApps.length === 0 && deliveries.length === 0) return [];
  const n = <T>(f: (n: NewInApp) => T) => inApps.map(f);
  const d = <T>(f: (d: NewDelivery) => T) => deliveries.map(f);
  const { rows } = await db.executeQuery(
    INSERT_NOTICES_SQL([
      n(() => randomUUID()),
      n((x) => x.userId),
      n((x) => x.type),
      n((x) => x.content),
      n((x) => JSON.stringify(x.params)),
      n((x) => x.sourceKey),
      d(() => randomUUID()),
      d((x) => x.userId),
      d((x) => x.channel),
      d((x) => x.type),
      d((x) => x.template),
      d((x) => x.sourceKey),
      d((x) => x.recipient),
      d((x) => x.fixedRecipient),
      d((x) => x.language),
      d((x) => JSON.stringify(x.params)),
      d((x) => x.app),
      d((x) => x.linkPath),
      d((x) => x.status),
      d((x) => x.reason),
    ]),
  );
  return rows;
}
