import { z } from 'zod';
import { LabTestType, OrderKind, SoilTestType } from '../../enums';
import { defineEvent } from '../define-event';

/** What the lab must expect: lab-import keeps these as its expected samples. */
export const SampleRegisteredV1 = defineEvent(
  'orders.sample.registered',
  1,
  z.object({
    sampleId: z.uuid(),
    /** The sample's code or the garden test's barcode, 12-16 characters. */
    code: z.string().min(12).max(16),
    orderId: z.uuid(),
    orderNumber: z.string(),
    userId: z.uuid(),
    kind: OrderKind,
    basicTestType: SoilTestType,
    additionalTestTypes: z.array(LabTestType),
    fieldName: z.string(),
    plantId: z.string().nullable(),
    cropId: z.uuid().nullable(),
    sectorId: z.uuid().nullable(),
    /** Hectares for farm samples. */
    areaHa: z.number().nonnegative().nullable(),
    /** Ares for garden samples. */
    areaAres: z.number().nonnegative().nullable(),
  }),
);
