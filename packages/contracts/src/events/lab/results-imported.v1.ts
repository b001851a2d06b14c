import { z } from 'zod';
import { OrderKind } from '../../enums';
import { defineEvent } from '../define-event';

/** One per order touched by an import. */
export const ResultsImportedV1 = defineEvent(
  'lab.results.imported',
  1,
  z.object({
    importId: z.uuid(),
    orderId: z.uuid(),
    orderNumber: z.string(),
    userId: z.uuid(),
    kind: OrderKind,
    /** PARTIAL: some of the order's samples have results; COMPLETE: all; UPDATED: results replaced. */
    completeness: z.enum(['PARTIAL', 'COMPLETE', 'UPDATED']),
    sampleCodes: z.array(z.string()),
    importedAt: z.iso.datetime({ offset: true }),
  }),
);
