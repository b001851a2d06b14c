import { z } from 'zod';
import { ZBaseConfig } from '@gleba/platform';

export const ZConfig = ZBaseConfig.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(3004),
});
export type Config = z.infer<typeof ZConfig>;
