import { z } from 'zod';
import { Language } from '../../enums';
import { defineEvent } from '../define-event';

export const NewsletterConsentChangedV1 = defineEvent(
  'identity.newsletter-consent.changed',
  1,
  z.object({ userId: z.uuid(), email: z.email(), language: Language, consent: z.boolean() }),
);
