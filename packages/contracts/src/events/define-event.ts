import { z } from 'zod';

/** One integration event: a fact in the past tense, with its schema and version. */
export interface EventDefinition<
  T extends string = string,
  V extends number = number,
  S extends z.ZodType = z.ZodType,
> {
  readonly type: T;
  readonly version: V;
  readonly schema: S;
}

export function defineEvent<T extends string, V extends number, S extends z.ZodType>(
  type: T,
  version: V,
  schema: S,
): EventDefinition<T, V, S> {
  return { type, version, schema } as const;
}

export type EventData<E extends EventDefinition> = z.infer<E['schema']>;

/** The envelope every event travels in (architecture: Messages). */
export const ZEventEnvelope = z.object({
  id: z.uuid(),
  type: z.string().regex(/^[a-z-]+\.[a-z-]+\.[a-z-]+$/, 'type must be <service>.<entity>.<past-tense>'),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  producer: z.string().min(1),
  correlationId: z.string().min(1),
  data: z.unknown(),
});
export type TEventEnvelope<D = unknown> = Omit<z.infer<typeof ZEventEnvelope>, 'data'> & { data: D };
