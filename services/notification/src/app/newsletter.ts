import { NotificationErrorCode, type Language, type TNewsletterStatus } from '@gleba/contracts';
import { notFound } from '@gleba/platform';
import type { Db } from '../db/repositories/contacts.repository';
import { insertDelivery } from '../db/repositories/deliveries.repository';
import {
  findSubscription,
  setSubscription,
  unsubscribeByToken,
} from '../db/repositories/newsletter.repository';
import type { Deps } from './deps';
import type { DeliveryQueue } from './notify';

interface Subscriber {
  email: string;
  userId: string | null;
  language: Language;
}

/** The signed-in user's subscription (their account's address). */
export async function newsletterStatus(deps: Deps, email: string): Promise<TNewsletterStatus> {
  const s = await findSubscription(deps.db, email);
  return { email: email.toLowerCase(), subscribed: s?.subscribed ?? false };
}

/** `POST /api/newsletter/subscribe`: signed in or with an address. */
export async function subscribeNewsletter(deps: Deps, who: Subscriber): Promise<TNewsletterStatus> {
  const s = await deps.db
    .transaction()
    .execute((trx) =>
      subscribe(trx, deps.queue, { ...who, subscribed: true, sourceAt: new Date().toISOString() }),
    );
  return { email: who.email.toLowerCase(), subscribed: s.subscribed };
}

/** The signed-in user unsubscribes their account's address. */
export async function unsubscribeNewsletter(deps: Deps, who: Subscriber): Promise<TNewsletterStatus> {
  await setSubscription(deps.db, { ...who, subscribed: false, sourceAt: new Date().toISOString() });
  return { email: who.email.toLowerCase(), subscribed: false };
}

/** The unsubscribe token of every newsletter mail (link or one-click POST). */
export async function unsubscribeNewsletterByToken(deps: Deps, token: string): Promise<TNewsletterStatus> {
  const s = await unsubscribeByToken(deps.db, token);
  if (!s) throw notFound(NotificationErrorCode.newsletterTokenInvalid, 'Unknown unsubscribe token');
  return { email: s.email, subscribed: false };
}

/**
 * Sets an address's subscription. When it starts (was not subscribed), a welcome e-mail goes to
 * it: the newsletter's first message, with its one-click unsubscribe (`List-Unsubscribe`, RFC 8058)
 * and link, as every newsletter mail must carry.
 */
export async function subscribe(
  trx: Db,
  queue: DeliveryQueue,
  s: { email: string; userId: string | null; language: Language; subscribed: boolean; sourceAt: string },
): Promise<{ subscribed: boolean }> {
  const before = await findSubscription(trx, s.email);
  const after = await setSubscription(trx, s);
  if (after?.subscribed && !before?.subscribed) {
    const id = await insertDelivery(trx, {
      userId: after.userId,
      channel: 'EMAIL',
      type: 'NEWSLETTER',
      template: 'newsletterWelcome',
      sourceKey: `newsletter:${after.email}:${s.sourceAt}`,
      recipient: after.email,
      fixedRecipient: true,
      language: s.language,
      params: { unsubscribeToken: after.unsubscribeToken },
      app: 'customer',
      linkPath: null,
      status: 'PENDING',
      reason: null,
    });
    if (id) await queue.enqueue('EMAIL', id);
  }
  return { subscribed: after?.subscribed ?? before?.subscribed ?? s.subscribed };
}

/** Identity's consent (registration or account page) decides the subscription of that address. */
export async function newsletterConsentChanged(
  trx: Db,
  queue: DeliveryQueue,
  c: { userId: string; email: string; language: Language; consent: boolean; at: string },
): Promise<void> {
  await subscribe(trx, queue, {
    email: c.email,
    userId: c.userId,
    language: c.language,
    subscribed: c.consent,
    sourceAt: c.at,
  });
}
