import { z } from 'zod';
import { defineEvent } from '../define-event';

export const UserActivatedV1 = defineEvent('identity.user.activated', 1, z.object({ userId: z.uuid() }));
