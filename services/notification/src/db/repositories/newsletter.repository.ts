import { randomBytes } from 'node:crypto';
import type { Language } from '@gleba/contracts';
import type { Db } from './contacts.repository';

export const newUnsubscribeToken = () => randomBytes(24).toString('base64url');

export interface Subscription {
  email: string;
  userId: string | null;
  subscribed: boolean;
  unsubscribeToken: string;
}

/**
 * Sets the subscription of an e-mail address. `sourceAt` orders writes: identity's events carry
 * when consent changed; a user's own request is "now". An older write never overwrites a newer one.
 */
export async function setSubscription(
  db: Db,
  s: { email: string; userId: string | null; language: Language; subscribed: boolean; sourceAt: string },
): Promise<Subscription | null> {
  const row = await db
    .insertInto('newsletter_subscriptions')
    .values({
      email: s.email.toLowerCase(),
      user_id: s.userId,
      language: s.language,
      unsubscribe_token: newUnsubscribeToken(),
      subscribed: s.subscribed,
      source_at: s.sourceAt,
      updated_at: new Date(),
    })
    .onConflict((oc) =>
      oc
        .column('email')
        .doUpdateSet((eb) => ({
          user_id: eb.fn.coalesce(eb.ref('excluded.user_id'), eb.ref('newsletter_subscriptions.user_id')),
          language: eb.ref('excluded.language'),
          subscribed: eb.ref('excluded.subscribed'),
          source_at: eb.ref('excluded.source_at'),
          updated_at: eb.ref('excluded.updated_at'),
        }))
        .where('newsletter_subscriptions.source_at', '<=', new Date(s.sourceAt)),
    )
    .returning(['email', 'user_id', 'subscribed', 'unsubscribe_token'])
    .executeTakeFirst();
  return row
    ? {
        email: row.email,
        userId: row.user_id,
        subscribed: row.subscribed,
        unsubscribeToken: row.unsubscribe_token,
      }
    : null;
}

export async function findSubscription(db: Db, email: string): Promise<Subscription | null> {
  const row = await db
    .selectFrom('newsletter_subscriptions')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst();
  return row
    ? {
        email: row.email,
        userId: row.user_id,
        subscribed: row.subscribed,
        unsubscribeToken: row.unsubscribe_token,
      }
    : null;
}

export async function unsubscribeByToken(db: Db, token: string): Promise<Subscription | null> {
  const row = await db
    .updateTable('newsletter_subscriptions')
    .set({ subscribed: false, source_at: new Date(), updated_at: new Date() })
    .where('unsubscribe_token', '=', token)
    .returning(['email', 'user_id', 'subscribed', 'unsubscribe_token'])
    .executeTakeFirst();
  return row
    ? {
        email: row.email,
        userId: row.user_id,
        subscribed: row.subscribed,
        unsubscribeToken: row.unsubscribe_token,
      }
    : null;
}
