import type { Language } from '@gleba/contracts';
import type { Db } from '../db/repositories/contacts.repository';
import { setSubscription } from '../db/repositories/newsletter.repository';

/** Identity's consent (registration or account page) decides the subscription of that address. */
export async function newsletterConsentChanged(
  trx: Db,
  c: { userId: string; email: string; language: Language; consent: boolean; at: string },
): Promise<void> {
  await setSubscription(trx, {
    email: c.email,
    userId: c.userId,
    language: c.language,
    subscribed: c.consent,
    sourceAt: c.at,
  });
}
