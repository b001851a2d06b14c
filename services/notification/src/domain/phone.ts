/**
 * A phone number as Twilio wants it (E.164). Polish numbers without a country code (9 digits,
 * optionally with spaces or dashes, or `0048...`) become +48; anything else that is not a valid
 * E.164 number is null, and no SMS is sent to it.
 */
export function toE164(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let s = raw.replace(/[\s\-().]/g, '');
  if (s.startsWith('00')) s = `+${s.slice(2)}`;
  if (/^\d{9}$/.test(s)) s = `+48${s}`;
  if (/^48\d{9}$/.test(s)) s = `+${s}`;
  return /^\+[1-9]\d{7,14}$/.test(s) ? s : null;
}
