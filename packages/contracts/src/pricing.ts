import { z } from 'zod';
import { LabTestType, OrderType } from './enums';

/** Amounts are integers in grosze (1 zł = 100 gr). */
const ZGrosze = z.number().int().nonnegative();

/** Extra equipment a farm order may include (spec 9: sampler 60 zł, sample and string bags free). */
export const Equipment = z.enum(['SAMPLER', 'SAMPLE_BAGS', 'STRING_BAGS']);
export type Equipment = z.infer<typeof Equipment>;

/**
 * The one price list (`config/prices.json`): orders prices quotes and orders from it, the landing
 * page shows it. Changing a price is a change of this file, never of code.
 */
export const ZPriceList = z.object({
  version: z.number().int().positive(),
  currency: z.literal('PLN'),
  farm: z.object({
    /** Basic test, per sample (one sample per sector), by order type. */
    basicTestPerSample: z.record(OrderType, ZGrosze),
    /** Each additional lab test, per sample. */
    additionalTestPerSample: z.record(LabTestType, ZGrosze),
    equipment: z.record(Equipment, ZGrosze),
    /**
     * Volume discount on the basic tests: the tier with the highest `minSamples` not above the
     * order's number of samples applies its percent (rounded down to whole grosze).
     */
    volumeDiscounts: z.array(
      z.object({ minSamples: z.number().int().positive(), percent: z.number().min(0).max(100) }),
    ),
  }),
  garden: z.object({
    /** One barcode kit (one test) bought online or at retail. */
    kit: ZGrosze,
    additionalTest: z.record(LabTestType, ZGrosze),
  }),
});
export type TPriceList = z.infer<typeof ZPriceList>;
