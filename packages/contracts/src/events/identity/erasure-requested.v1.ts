import { z } from 'zod';
import { Language } from '../../enums';
import { defineEvent } from '../define-event';

/**
 * The account is to be erased: every service erases or anonymizes what it holds of the user
 * (decision 0057) and answers with `<service>.erasure.completed`. Carries ids only.
 */
export const ErasureRequestedV1 = defineEvent(
  'identity.erasure.requested',
  1,
  z.object({ requestId: z.uuid(), userId: z.uuid() }),
);

/** An account without a password (social sign-in) confirms its erasure from a link e-mailed to it. */
export const ErasureConfirmationRequestedV1 = defineEvent(
  'identity.erasure-confirmation.requested',
  1,
  z.object({
    userId: z.uuid(),
    email: z.email(),
    firstName: z.string(),
    language: Language,
    token: z.string().min(16),
    expiresAt: z.iso.datetime({ offset: true }),
  }),
);
