import {
  ActivationLinkRequestedV1,
  DataExportCompletedV1,
  ErasureConfirmationRequestedV1,
  NewsletterConsentChangedV1,
  PasswordResetRequestedV1,
  ProfileUpdatedV1,
  UserRegisteredV1,
  type EventData,
} from '@gleba/contracts';
import { on, type EventHandler, type ServiceContext } from '@gleba/platform';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { contactChanged, sendAccountEmail, type DeliveryQueue } from '../app/notify';
import { toE164 } from '../domain/phone';
import { newsletterConsentChanged } from '../app/newsletter';

/** The contact details a registration or a profile update carries, the phone number in E.164. */
function contactOf(
  d: Pick<
    EventData<typeof ProfileUpdatedV1>,
    'userId' | 'email' | 'firstName' | 'lastName' | 'phoneNumber' | 'language'
  >,
) {
  return {
    userId: d.userId,
    email: d.email,
    firstName: d.firstName,
    lastName: d.lastName,
    phoneNumber: toE164(d.phoneNumber),
    language: d.language,
  };
}

export function identityHandlers(
  _ctx: ServiceContext<Database, Config>,
  queue: DeliveryQueue,
): EventHandler<Database>[] {
  return [
    on<Database, typeof UserRegisteredV1>(UserRegisteredV1, async (trx, d, env) => {
      await contactChanged(trx, queue, contactOf(d), env.occurredAt);
      if (d.newsletterConsent) {
        await newsletterConsentChanged(trx, queue, {
          userId: d.userId,
          email: d.email,
          language: d.language,
          consent: true,
          at: env.occurredAt,
        });
      }
    }),
    on<Database, typeof ProfileUpdatedV1>(ProfileUpdatedV1, async (trx, d, env) => {
      await contactChanged(trx, queue, contactOf(d), env.occurredAt);
    }),
    on<Database, typeof NewsletterConsentChangedV1>(NewsletterConsentChangedV1, async (trx, d, env) => {
      await newsletterConsentChanged(trx, queue, {
        userId: d.userId,
        email: d.email,
        language: d.language,
        consent: d.consent,
        at: env.occurredAt,
      });
    }),
    on<Database, typeof ActivationLinkRequestedV1>(ActivationLinkRequestedV1, async (trx, d, env) => {
      await sendAccountEmail(trx, queue, {
        userId: d.userId,
        email: d.email,
        firstName: d.firstName,
        language: d.language,
        template: 'activation',
        linkPath: `/activate/${encodeURIComponent(d.token)}`,
        expiresAt: d.expiresAt,
        sourceKey: env.id,
      });
    }),
    on<Database, typeof PasswordResetRequestedV1>(PasswordResetRequestedV1, async (trx, d, env) => {
      await sendAccountEmail(trx, queue, {
        userId: d.userId,
        email: d.email,
        firstName: d.firstName,
        language: d.language,
        template: d.app === 'admin' ? 'passwordResetAdmin' : 'passwordReset',
        linkPath: `/set-password/${encodeURIComponent(d.token)}`,
        expiresAt: d.expiresAt,
        sourceKey: env.id,
      });
    }),
    // My data (decisions 0056, 0057): the archive's link (the download needs the owner's sign-in).
    on<Database, typeof DataExportCompletedV1>(DataExportCompletedV1, async (trx, d, env) => {
      await sendAccountEmail(trx, queue, {
        userId: d.userId,
        email: d.email,
        firstName: d.firstName,
        language: d.language,
        template: 'dataExportReady',
        linkPath: `/account/data/${encodeURIComponent(d.requestId)}`,
        expiresAt: d.expiresAt,
        sourceKey: env.id,
      });
    }),
    on<Database, typeof ErasureConfirmationRequestedV1>(
      ErasureConfirmationRequestedV1,
      async (trx, d, env) => {
        await sendAccountEmail(trx, queue, {
          userId: d.userId,
          email: d.email,
          firstName: d.firstName,
          language: d.language,
          template: 'erasureConfirm',
          linkPath: `/account/delete/${encodeURIComponent(d.token)}`,
          expiresAt: d.expiresAt,
          sourceKey: env.id,
        });
      },
    ),
  ];
}
