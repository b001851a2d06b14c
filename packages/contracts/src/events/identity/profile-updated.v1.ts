import { z } from 'zod';
import { AddressSource, ServiceRole } from '../../enums';
import { defineEvent } from '../define-event';
import { ZAddress, ZContact } from '../common';

/** Carries the whole contact and profile state, so read models never need to call identity. */
export const ProfileUpdatedV1 = defineEvent(
  'identity.user.profile-updated',
  1,
  ZContact.extend({
    serviceRole: ServiceRole.nullable(),
    companyName: z.string().nullable(),
    taxNumber: z.string().nullable(),
    address: ZAddress.nullable(),
    correspondenceAddress: ZAddress.extend({ addressSource: AddressSource }).nullable(),
    /** True when the user may order: orders relies on this flag. */
    isDataComplete: z.boolean(),
  }),
);
