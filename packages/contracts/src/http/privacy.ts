import { z } from 'zod';
import { PrivacyService } from '../events/privacy/privacy-services';

export const PrivacyRequestKind = z.enum(['EXPORT', 'ERASURE']);
export type PrivacyRequestKind = z.infer<typeof PrivacyRequestKind>;
export const PrivacyRequestStatus = z.enum(['IN_PROGRESS', 'COMPLETED']);
export type PrivacyRequestStatus = z.infer<typeof PrivacyRequestStatus>;

/** One service's answer to a request: its part written (export) or its data erased. */
export const ZPrivacyServiceProgress = z.object({
  service: PrivacyService,
  done: z.boolean(),
  answeredAt: z.iso.datetime().nullable(),
  /** Times the request was sent to it (the daily check sends it again to a service that is late). */
  attempts: z.number().int().positive(),
});

export const ZPrivacyRequest = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  kind: PrivacyRequestKind,
  status: PrivacyRequestStatus,
  /** RETENTION: the daily job erasing an account never activated. */
  requestedBy: z.enum(['OWNER', 'ADMIN', 'RETENTION']),
  requestedAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
  /** More than a day without every answer: the admin is told and the late services asked again. */
  overdue: z.boolean(),
  /** An export's archive: downloadable by the owner (or an admin) until then. */
  archiveExpiresAt: z.iso.datetime().nullable(),
  archiveAvailable: z.boolean(),
  services: z.array(ZPrivacyServiceProgress),
});
export type TPrivacyRequest = z.infer<typeof ZPrivacyRequest>;

/** Erasure: the account's password; an account without one (social sign-in) gets a confirmation e-mail. */
export const ZErasureBody = z.object({ password: z.string().min(1).max(200).optional() });
export type TErasureBody = z.infer<typeof ZErasureBody>;

export const ZErasureConfirmBody = z.object({ token: z.string().min(16).max(200) });
export type TErasureConfirmBody = z.infer<typeof ZErasureConfirmBody>;

/** The answer to an erasure asked for: started, or waiting for the e-mailed confirmation. */
export const ZErasureAnswer = z.object({
  confirmationSent: z.boolean(),
  request: ZPrivacyRequest.nullable(),
});
export type TErasureAnswer = z.infer<typeof ZErasureAnswer>;

export const ZPrivacyRequestIdParam = z.object({ requestId: z.uuid() });
