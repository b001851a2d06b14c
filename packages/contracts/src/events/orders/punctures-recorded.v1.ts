import { z } from 'zod';
import { defineEvent } from '../define-event';

/**
 * The customer recorded punctures of a farm sample on the sampling screen (decision 0058): how
 * many are taken so far. lab-import keeps the count for the report; sent after every recording,
 * the last one wins (the count only grows).
 */
export const PuncturesRecordedV1 = defineEvent(
  'orders.sample.punctures-recorded',
  1,
  z.object({
    sampleId: z.uuid(),
    orderId: z.uuid(),
    code: z.string().min(12).max(16),
    puncturesTaken: z.number().int().nonnegative(),
    puncturesPlanned: z.number().int().nonnegative(),
  }),
);
