import { erasePlatformTraces, type PrivacyUseCases, type ServiceContext } from '@gleba/platform';
import type { Config } from '../config';
import type { Database } from '../db/database';
import {
  contactOf,
  deleteDeliveryLogsBefore,
  deletePersonRows,
  notificationDataOf,
  redactDeliveries,
} from '../db/repositories/privacy.repository';
import { toE164 } from '../domain/phone';

/** Notification's part: notices, settings, delivery logs; erasure deletes them or strips the addresses. */
export const notificationPrivacy: PrivacyUseCases<Database> = {
  async exportPart(trx, userId) {
    return [{ name: 'notification.json', content: await notificationDataOf(trx, userId) }];
  },
  async erase(trx, userId) {
    const contact = await contactOf(trx, userId);
    const phone = contact?.phone_number ?? null;
    const addresses = [
      ...(contact ? [contact.email] : []),
      ...(phone ? [phone, ...(toE164(phone) && toE164(phone) !== phone ? [toE164(phone)!] : [])] : []),
    ];
    const redacted = await redactDeliveries(trx, userId, addresses);
    const deleted = await deletePersonRows(trx, userId, contact?.email ?? null);
    const traces = await erasePlatformTraces(trx, [userId, ...addresses]);
    return { ...redacted, ...deleted, ...traces };
  },
};

/** The daily retention job: delivery logs older than DELIVERY_LOG_RETENTION_DAYS are deleted. */
export async function applyRetention(
  ctx: ServiceContext<Database, Config>,
  now = new Date(),
): Promise<{ deliveries: number; sms: number }> {
  const before = new Date(now.getTime() - ctx.config.DELIVERY_LOG_RETENTION_DAYS * 86_400_000);
  const deleted = await deleteDeliveryLogsBefore(ctx.db, before);
  if (deleted.deliveries + deleted.sms > 0) ctx.logger.info(deleted, 'retention applied');
  return deleted;
}
