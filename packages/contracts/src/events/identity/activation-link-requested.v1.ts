import { z } from 'zod';
import { Language } from '../../enums';
import { defineEvent } from '../define-event';

/** Registration and "resend activation link" both ask notification to send this link. */
export const ActivationLinkRequestedV1 = defineEvent(
  'identity.activation-link.requested',
  1,
  z.object({
    userId: z.uuid(),
    email: z.email(),
    firstName: z.string(),
    language: Language,
    /** Single-use token; the link is `${customerAppUrl}/activate/${token}`. */
    token: z.string().min(20),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
);
