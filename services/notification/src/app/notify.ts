import type { Language } from '@gleba/contracts';
import { upsertContact, type Contact, type Db } from '../db/repositories/contacts.repository';
import {
  insertDelivery,
  releaseWaiting,
  type Channel,
  type NewDelivery,
} from '../db/repositories/deliveries.repository';
import { insertNotices, recipientsOf, type NewInApp } from '../db/repositories/notices.repository';
import type { Notice } from '../domain/rules';
import type { Template } from '../domain/templates';

/** Puts a delivery on its BullMQ queue (job id = delivery id, so a second add is a no-op). */
export interface DeliveryQueue {
  enqueue(channel: Channel, deliveryId: string): Promise<void>;
}

export const inAppContent = (template: Template) => `notifications.${template}InApp`;

/**
 * Events' notices: each an in-app notification and an e-mail and SMS delivery, as the user's
 * preferences allow (a switched-off channel is logged as SKIPPED). Unique keys make a repeated
 * notice add nothing. When the user is not in the contact read model yet, the deliveries wait
 * (WAITING_CONTACT) and are released when identity's event arrives: no event is held back.
 * Two queries however many notices: their contacts and preferences, then one statement writing
 * everything.
 */
export async function writeNotices(trx: Db, queue: DeliveryQueue, notices: Notice[]): Promise<void> {
  // The same notice twice (one thing announced by two events of one batch) is written once.
  const seen = new Set<string>();
  const unique = notices.filter((n) => {
    const key = `${n.userId.toLowerCase()}|${n.sourceKey}|${n.type}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length === 0) return;
  const recipients = await recipientsOf(trx, unique);
  const inApps: NewInApp[] = [];
  const deliveries: NewDelivery[] = [];
  unique.forEach((notice, i) => {
    const { contact, pref } = recipients[i]!;
    for (const channel of ['EMAIL', 'SMS'] as const) {
      const enabled = channel === 'EMAIL' ? pref.isEmailEnabled : pref.isSmsEnabled;
      const noPhone = channel === 'SMS' && contact !== null && !contact.phoneNumber;
      const status = !enabled ? 'SKIPPED' : !contact ? 'WAITING_CONTACT' : noPhone ? 'SKIPPED' : 'PENDING';
      deliveries.push({
        userId: notice.userId,
        channel,
        type: notice.type,
        template: notice.template,
        sourceKey: notice.sourceKey,
        recipient: contact ? (channel === 'EMAIL' ? contact.email : contact.phoneNumber) : null,
        fixedRecipient: false,
        language: contact?.language ?? 'pl',
        params: notice.params,
        app: 'customer',
        linkPath: notice.linkPath,
        status,
        reason: !enabled ? 'disabledByPreference' : noPhone ? 'noPhoneNumber' : null,
      });
    }
    if (pref.isInAppEnabled) {
      inApps.push({
        userId: notice.userId,
        type: notice.type,
        content: inAppContent(notice.template),
        params: notice.params,
        sourceKey: notice.sourceKey,
      });
    }
  });
  for (const d of await insertNotices(trx, inApps, deliveries)) {
    if (d.status === 'PENDING') await queue.enqueue(d.channel, d.id);
  }
}

/**
 * Gathers the notices of each consumer transaction and writes them together just before it
 * commits (`flush`, the consumer's beforeCommit): a batch of events costs two statements, not two
 * per event. A transaction that fails takes its gathered notices with it.
 */
export class NoticeWriter {
  private readonly pending = new WeakMap<Db, Notice[]>();

  constructor(private readonly queue: DeliveryQueue) {}

  /** The event's notice, written when its transaction is about to commit. */
  add(trx: Db, notice: Notice): void {
    const mine = this.pending.get(trx);
    if (mine) mine.push(notice);
    else this.pending.set(trx, [notice]);
  }

  async flush(trx: Db): Promise<void> {
    const notices = this.pending.get(trx);
    if (!notices) return;
    this.pending.delete(trx);
    await writeNotices(trx, this.queue, notices);
  }
}

/** Account e-mails (activation, password reset): to the event's address, always, e-mail only. */
export async function sendAccountEmail(
  trx: Db,
  queue: DeliveryQueue,
  mail: {
    userId: string;
    email: string;
    firstName: string;
    language: Language;
    template: 'activation' | 'passwordReset' | 'passwordResetAdmin' | 'dataExportReady' | 'erasureConfirm';
    linkPath: string;
    expiresAt: string;
    sourceKey: string;
  },
): Promise<void> {
  const id = await insertDelivery(trx, {
    userId: mail.userId,
    channel: 'EMAIL',
    type:
      mail.template === 'activation'
        ? 'ACCOUNT_ACTIVATION'
        : mail.template === 'dataExportReady' || mail.template === 'erasureConfirm'
          ? 'ACCOUNT_DATA'
          : 'PASSWORD_RESET',
    template: mail.template,
    sourceKey: mail.sourceKey,
    recipient: mail.email,
    fixedRecipient: true,
    language: mail.language,
    params: { firstName: mail.firstName, expiresAt: mail.expiresAt },
    app: mail.template === 'passwordResetAdmin' ? 'admin' : 'customer',
    linkPath: mail.linkPath,
    status: 'PENDING',
    reason: null,
  });
  if (id) await queue.enqueue('EMAIL', id);
}

/** Identity's user events feed the contact read model; deliveries waiting for it go out. */
export async function contactChanged(
  trx: Db,
  queue: DeliveryQueue,
  contact: Contact,
  occurredAt: string,
): Promise<void> {
  const written = await upsertContact(trx, contact, occurredAt);
  if (!written) return;
  for (const d of await releaseWaiting(trx, contact.userId, contact.phoneNumber !== null))
    await queue.enqueue(d.channel, d.id);
}
