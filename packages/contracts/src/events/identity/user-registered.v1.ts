import { z } from 'zod';
import { Gender, Role } from '../../enums';
import { defineEvent } from '../define-event';
import { ZContact } from '../common';

export const UserRegisteredV1 = defineEvent(
  'identity.user.registered',
  1,
  ZContact.extend({
    publicUserId: z.string(),
    gender: Gender.nullable(),
    role: Role,
    newsletterConsent: z.boolean(),
    registeredAt: z.iso.datetime({ offset: true }),
  }),
);
