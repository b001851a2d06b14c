import type { Transaction } from 'kysely';
import { NewsletterConsentChangedV1, ProfileUpdatedV1, type EventData } from '@gleba/contracts';
import type { Database } from '../db/database';
import { findProfile, type User } from '../db/repositories/users.repository';
import { mainAddress, resolvedCorrespondenceAddress } from '../domain/profile';
import type { Deps } from './deps';

/** The full contact and profile state, so read models (orders, notification) never call identity. */
export async function publishProfileUpdated(
  ctx: Deps,
  trx: Transaction<Database>,
  user: User,
): Promise<void> {
  const p = await findProfile(trx, user.id);
  const personal = p?.personalData ?? null;
  const data: EventData<typeof ProfileUpdatedV1> = {
    userId: user.id,
    email: user.email,
    firstName: personal?.firstName ?? user.firstName,
    lastName: personal?.lastName ?? user.lastName,
    phoneNumber: personal?.phoneNumber ?? user.phoneNumber,
    language: user.language,
    serviceRole: p?.serviceRole ?? null,
    companyName: p?.businessData?.companyName ?? null,
    taxNumber: p?.businessData?.taxNumber ?? personal?.taxNumber ?? null,
    address: p ? mainAddress(p) : null,
    correspondenceAddress:
      p && resolvedCorrespondenceAddress(p)
        ? {
            ...resolvedCorrespondenceAddress(p)!,
            addressSource: p.correspondenceAddress?.addressSource ?? 'NONE',
          }
        : null,
    isDataComplete: p?.isDataComplete ?? false,
  };
  await ctx.outbox.publish(trx, ProfileUpdatedV1, data);
}

export async function publishNewsletterConsent(
  ctx: Deps,
  trx: Transaction<Database>,
  user: User,
): Promise<void> {
  await ctx.outbox.publish(trx, NewsletterConsentChangedV1, {
    userId: user.id,
    email: user.email,
    language: user.language,
    consent: user.newsletterConsent,
  });
}
