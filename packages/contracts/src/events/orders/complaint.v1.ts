import { z } from 'zod';
import { OrderKind } from '../../enums';
import { ComplaintReason } from '../../orders/complaints';
import { defineEvent } from '../define-event';

/**
 * Which sample a complaint is about: a garden test (`testId` the test) or a farm order's sample
 * (`testId` the sample, `orderId` its order). `kind` and `sampleCode` were added later: a reader
 * takes a missing kind as GARDEN.
 */
const subject = {
  kind: OrderKind.default('GARDEN'),
  testId: z.uuid(),
  orderId: z.uuid().optional(),
  sampleCode: z.string().optional(),
};

/** A customer complained about a sample's results (within the 14 days). */
export const ComplaintFiledV1 = defineEvent(
  'orders.complaint.filed',
  1,
  z.object({
    complaintId: z.uuid(),
    ...subject,
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
    ...subject,
    orderNumber: z.string(),
    userId: z.uuid(),
    answer: z.string(),
    retest: z.boolean(),
    answeredByUserId: z.uuid(),
    answeredAt: z.iso.datetime({ offset: true }),
  }),
);
