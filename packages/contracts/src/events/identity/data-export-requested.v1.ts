import { z } from 'zod';
import { Language } from '../../enums';
import { defineEvent } from '../define-event';

/** The owner (or an admin for them) asked for a copy of their data: every service writes its part. */
export const DataExportRequestedV1 = defineEvent(
  'identity.data-export.requested',
  1,
  z.object({ requestId: z.uuid(), userId: z.uuid(), language: Language }),
);

/** Every part arrived and the archive is ready: the owner is e-mailed a link valid until `expiresAt`. */
export const DataExportCompletedV1 = defineEvent(
  'identity.data-export.completed',
  1,
  z.object({
    requestId: z.uuid(),
    userId: z.uuid(),
    email: z.email(),
    firstName: z.string(),
    language: Language,
    expiresAt: z.iso.datetime({ offset: true }),
  }),
);
