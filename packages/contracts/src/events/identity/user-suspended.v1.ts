import { z } from 'zod';
import { defineEvent } from '../define-event';

export const UserSuspendedV1 = defineEvent(
  'identity.user.suspended',
  1,
  z.object({ userId: z.uuid(), byUserId: z.uuid().nullable(), reason: z.string().nullable() }),
);
export const UserReinstatedV1 = defineEvent(
  'identity.user.reinstated',
  1,
  z.object({ userId: z.uuid(), byUserId: z.uuid().nullable() }),
);
