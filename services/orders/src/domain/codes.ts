import { randomInt } from 'node:crypto';
import { BARCODE_MAX_LENGTH, BARCODE_MIN_LENGTH } from '@gleba/contracts';

/** Unambiguous characters (no 0/O, 1/I/L): codes are typed by hand from a label. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

function random(length: number): string {
  let s = '';
  for (let i = 0; i < length; i += 1) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

/** A farm sample code: "S" + 13 random characters (14, inside the 12-16 rule). Unique by index. */
export function newSampleCode(): string {
  return `S${random(13)}`;
}

/** A garden barcode: "G" + 13 random characters. */
export function newBarcode(): string {
  return `G${random(13)}`;
}

/** Test codes are 12 to 16 letters and digits; typed codes are compared upper-case. */
export function normalizeTestCode(input: string): string | null {
  const code = input.trim().toUpperCase();
  if (code.length < BARCODE_MIN_LENGTH || code.length > BARCODE_MAX_LENGTH) return null;
  if (!/^[A-Z0-9]+$/.test(code)) return null;
  return code;
}

/** Order numbers: "ZF/2026/000123" (farm), "ZG/..." (garden test), "ZK/..." (kit order). */
export function orderNumber(prefix: 'ZF' | 'ZG' | 'ZK', seq: number, date = new Date()): string {
  return `${prefix}/${date.getUTCFullYear()}/${String(seq).padStart(6, '0')}`;
}
