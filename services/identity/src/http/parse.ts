import type { Request } from 'express';
import type { z } from 'zod';
import { AppError, zodDetails } from '@gleba/platform';
import { CommonErrorCode, IdentityErrorCode } from '@gleba/contracts';

const identityCodes = new Set<string>(Object.values(IdentityErrorCode));

/**
 * Parses a body; a failure is a 400 whose `code` is the first broken rule's identity code
 * (`passwordsDoNotMatch`, `invalidTaxNumber`...) when it has one, else `validationFailed`.
 * Every broken field is listed in `details`, its `message` an error code the SPAs translate.
 */
export function parseBody<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const details = zodDetails(result.error, 'body');
  const first = details[0];
  const code = first && identityCodes.has(first.message) ? first.message : CommonErrorCode.validationFailed;
  throw new AppError(code, 400, first ? `Invalid ${first.path}: ${first.message}` : 'Invalid input', details);
}

/** The caller's address: the one the gateway wrote in X-Forwarded-For (one trusted hop, `TRUST_PROXY_HOPS`). */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
