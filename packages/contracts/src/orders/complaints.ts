import { z } from 'zod';
import { OrderKind } from '../enums';
import { ZPageQuery } from '../http/common';

/** A complaint about a sample's results may be filed within this many days of the results. */
export const COMPLAINT_WINDOW_DAYS = 14;
export const COMPLAINT_TEXT_MAX_LENGTH = 2000;

export const ComplaintReason = z.enum([
  'RESULTS_IMPLAUSIBLE',
  'RESULTS_MISSING',
  'WRONG_SAMPLE',
  'LATE_RESULTS',
  'OTHER',
]);
export type ComplaintReason = z.infer<typeof ComplaintReason>;

/** OPEN until the admin answers; RETESTING while a re-test was promised and its results are awaited. */
export const ComplaintStatus = z.enum(['OPEN', 'ANSWERED', 'RETESTING', 'RETESTED']);
export type ComplaintStatus = z.infer<typeof ComplaintStatus>;

/** Filed as JSON or as multipart (with the optional `photo` file field). */
export const ZFileComplaintBody = z.object({
  reason: ComplaintReason,
  text: z.string().trim().min(1).max(COMPLAINT_TEXT_MAX_LENGTH),
});
export type TFileComplaintBody = z.infer<typeof ZFileComplaintBody>;

export const ZAnswerComplaintBody = z.object({
  answer: z.string().trim().min(1).max(COMPLAINT_TEXT_MAX_LENGTH),
  retest: z.boolean().default(false),
});
export type TAnswerComplaintBody = z.input<typeof ZAnswerComplaintBody>;

/**
 * A complaint about one sample's results: a garden test (`testId` is the test, `barcode` its
 * code) or one sample of a farm order (`testId` is the sample, `barcode` the sample's code,
 * `orderId` the order; `sampleNumber` and `sectorName` say which sector it was taken from).
 */
export const ZComplaint = z.object({
  id: z.uuid(),
  kind: OrderKind,
  testId: z.uuid(),
  /** The farm order, or the garden test itself. */
  orderId: z.uuid(),
  orderNumber: z.string(),
  barcode: z.string(),
  /** The garden's or the field's name. */
  fieldName: z.string(),
  sectorName: z.string().nullable(),
  sampleNumber: z.number().int().nullable(),
  userId: z.uuid(),
  reason: ComplaintReason,
  text: z.string(),
  hasPhoto: z.boolean(),
  status: ComplaintStatus,
  answer: z.string().nullable(),
  retest: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  answeredAt: z.iso.datetime({ offset: true }).nullable(),
});
export type TComplaint = z.infer<typeof ZComplaint>;

/** Whether the customer may complain now, and until when (null: no results yet). */
export const ZComplaintWindow = z.object({
  open: z.boolean(),
  resultsAt: z.iso.datetime({ offset: true }).nullable(),
  until: z.iso.datetime({ offset: true }).nullable(),
  /**
   * Why the button is gone: no results yet, the 14 days are over, or an earlier complaint about
   * the sample is still being dealt with (open or re-testing).
   */
  closedReason: z.enum(['NO_RESULTS', 'EXPIRED', 'PENDING']).nullable(),
});
export type TComplaintWindow = z.infer<typeof ZComplaintWindow>;

export const ZMyComplaints = z.object({ window: ZComplaintWindow, items: z.array(ZComplaint) });
export type TMyComplaints = z.infer<typeof ZMyComplaints>;

export const ZAdminComplaintsQuery = ZPageQuery.extend({ status: ComplaintStatus.optional() });
export type TAdminComplaintsQuery = z.infer<typeof ZAdminComplaintsQuery>;
