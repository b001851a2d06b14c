import { z } from 'zod';
import { ComplaintReason } from '../../orders/complaints';
import { defineEvent } from '../define-event';

/** A customer complained about a garden test's results (within the 14 days). */
export const ComplaintFiledV1 = defineEvent(
  'orders.complaint.filed',
  1,
  z.object({
    complaintId: z.uuid(),
    testId: z.uuid(),
    orderNumber: z.string(),
    userId: z.uuid(),
    reason: ComplaintReason,
    filedAt: z.iso.datetime({ offset: true }),
  }),
);

/** The lab answered a complaint; `retest` when the sample is tested again. */
export const ComplaintAnsweredV1 = defineEvent(
  'orders.complaint.answered',
  1,
  z.object({
    complaintId: z.uuid(),
    testId: z.uuid(),
    orderNumber: z.string(),
    userId: z.uuid(),
    answer: z.string(),
    retest: z.boolean(),
    answeredByUserId: z.uuid(),
    answeredAt: z.iso.datetime({ offset: true }),
  }),
);
