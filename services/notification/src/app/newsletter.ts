import type { Language } from '@gleba/contracts';
import type { Db } from '../db/repositories/contacts.repository';
import { insertDelivery } from '../db/repositories/deliveries.repository';
import { findSubscription, setSubscription } from '../db/repositories/newsletter.repository';
import type { DeliveryQueue } from './notify';

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
