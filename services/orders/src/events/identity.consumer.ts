import { ProfileUpdatedV1, UserRegisteredV1 } from '@gleba/contracts';
import { on } from '@gleba/platform';
import type { Database } from '../db/database';
import { upsertContact, upsertRegisteredContact } from '../db/repositories/read-models.repository';

/** The contacts read model: who the customer is and whether they may order. */
export function identityHandlers() {
  return [
    on<Database, typeof UserRegisteredV1>(UserRegisteredV1, async (trx, d) => {
      await upsertRegisteredContact(trx, {
        userId: d.userId,
        email: d.email,
        firstName: d.firstName,
        lastName: d.lastName,
        phoneNumber: d.phoneNumber,
        language: d.language,
      });
    }),
    on<Database, typeof ProfileUpdatedV1>(ProfileUpdatedV1, async (trx, d) => {
      await upsertContact(trx, {
        userId: d.userId,
        email: d.email,
        firstName: d.firstName,
        lastName: d.lastName,
        phoneNumber: d.phoneNumber,
        language: d.language,
        companyName: d.companyName,
        taxNumber: d.taxNumber,
        address: (d.correspondenceAddress ?? d.address) as Record<string, unknown> | null,
        isDataComplete: d.isDataComplete,
      });
    }),
  ];
}
