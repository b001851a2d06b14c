import { z } from 'zod';
import { Language } from '../../enums';
import { defineEvent } from '../define-event';

export const PasswordResetRequestedV1 = defineEvent(
  'identity.password-reset.requested',
  1,
  z.object({
    userId: z.uuid(),
    email: z.email(),
    firstName: z.string(),
    language: Language,
    token: z.string().min(20),
    expiresAt: z.iso.datetime({ offset: true }),
    /** Admin resets link to the admin panel instead of the customer app. */
    app: z.enum(['customer', 'admin']),
  }),
);
