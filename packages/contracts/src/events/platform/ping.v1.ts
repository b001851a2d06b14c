import { z } from 'zod';
import { defineEvent } from '../define-event';

/** A diagnostic event: used by the skeleton tests and the messaging benchmark. */
export const PingV1 = defineEvent(
  'platform.ping.sent',
  1,
  z.object({ seq: z.number().int().nonnegative(), from: z.string(), payload: z.string().optional() }),
);
