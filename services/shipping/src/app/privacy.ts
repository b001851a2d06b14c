import { erasePlatformTraces, type PrivacyUseCases } from '@gleba/platform';
import type { Database } from '../db/database';
import {
  clearExpiredDropOffCodes,
  deleteContact,
  sendersOf,
  setSender,
  shippingDataOf,
} from '../db/repositories/privacy.repository';
import { findContactAddress } from '../db/repositories/read-models.repository';
import { anonymizedSender, isAnonymizedSender } from '../domain/erasure';
import type { Deps } from './deps';

/** Shipping's part: contact, shipments (sender, pickup point, codes) and tracking; erasure anonymizes senders. */
export const shippingPrivacy: PrivacyUseCases<Database> = {
  async exportPart(trx, userId) {
    return [{ name: 'shipping.json', content: await shippingDataOf(trx, userId) }];
  },
  async erase(trx, userId) {
    const contact = await findContactAddress(trx, userId);
    let senders = 0;
    for (const s of await sendersOf(trx, userId)) {
      if (isAnonymizedSender(s.sender)) continue;
      await setSender(trx, s.id, anonymizedSender());
      senders++;
    }
    const contacts = await deleteContact(trx, userId);
    const needles = [userId, ...(contact ? [contact.email] : []), ...(contact?.phone ? [contact.phone] : [])];
    return { sendersAnonymized: senders, contacts, ...(await erasePlatformTraces(trx, needles)) };
  },
};

/** The daily retention job: expired drop-off codes are deleted. */
export async function applyRetention(deps: Deps): Promise<{ dropOffCodesDeleted: number }> {
  const now = deps.clock.now();
  const dropOffCodesDeleted = await deps.db
    .transaction()
    .execute((trx) => clearExpiredDropOffCodes(trx, now));
  if (dropOffCodesDeleted > 0) deps.logger.info({ dropOffCodesDeleted }, 'retention applied');
  return { dropOffCodesDeleted };
}
