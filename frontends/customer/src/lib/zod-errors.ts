import type { z } from 'zod';

/** True for what a user left blank: nothing, or only spaces. */
function blank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v: unknown = input;
  for (const key of path) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

/**
 * The first message per field path of a failed parse (`personalData.address.postCode`). Given the
 * parsed input, a field left blank says `fieldRequired` whatever rule failed first (a blank name
 * is missing, not "too short").
 */
export function fieldErrors(error: z.ZodError, input?: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.');
    if (key in out) continue;
    out[key] =
      input !== undefined && key !== '' && blank(valueAt(input, issue.path))
        ? 'fieldRequired'
        : issue.message;
  }
  return out;
}
