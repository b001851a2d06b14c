/**
 * SMS length rules (decision 0038). A text written only in the GSM 03.38 alphabet travels in
 * 7-bit septets: 160 in one segment, 153 per segment of a longer message (the rest carries the
 * concatenation header); the extension characters (`€ [ ] { } \ ^ ~ |`) take two septets. One
 * character outside it (Polish `ą`, Cyrillic) turns the whole message into UCS-2: 70 UTF-16 units
 * in one segment, 67 per segment otherwise. Every segment is billed.
 */

export type SmsEncoding = 'GSM7' | 'UCS2';

/**
 * `unicode`: texts as written (Polish letters and Cyrillic make them UCS-2).
 * `gsm7`: Latin letters with diacritics written without them (`ą` -> `a`, `ł` -> `l`), so Polish
 * and English texts travel in GSM-7; Cyrillic stays as it is (UCS-2).
 */
export type SmsAlphabet = 'unicode' | 'gsm7';

const GSM7_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM7_EXTENSION = '\f^{}\\[~]|€';
const BASIC = new Set(GSM7_BASIC);
const EXTENSION = new Set(GSM7_EXTENSION);

export interface SmsSize {
  encoding: SmsEncoding;
  /** Septets (GSM-7) or UTF-16 code units (UCS-2). */
  units: number;
  segments: number;
}

/** How a text travels: its encoding, its length in that encoding and its segment count. */
export function smsSize(text: string): SmsSize {
  let septets = 0;
  for (const ch of text) {
    if (BASIC.has(ch)) septets += 1;
    else if (EXTENSION.has(ch)) septets += 2;
    else {
      const units = text.length;
      return { encoding: 'UCS2', units, segments: units <= 70 ? 1 : Math.ceil(units / 67) };
    }
  }
  return { encoding: 'GSM7', units: septets, segments: septets <= 160 ? 1 : Math.ceil(septets / 153) };
}

const PLAIN: Record<string, string> = {
  ą: 'a',
  ć: 'c',
  ę: 'e',
  ł: 'l',
  ń: 'n',
  ó: 'o',
  ś: 's',
  ź: 'z',
  ż: 'z',
  Ą: 'A',
  Ć: 'C',
  Ę: 'E',
  Ł: 'L',
  Ń: 'N',
  Ó: 'O',
  Ś: 'S',
  Ź: 'Z',
  Ż: 'Z',
  '’': "'",
  '‘': "'",
  '„': '"',
  '”': '"',
  '“': '"',
  '–': '-',
  '—': '-',
  '…': '...',
  '\u00a0': ' ',
  '\u202f': ' ',
};

/** Polish (and typographic) characters outside GSM-7 written with their plain Latin letters. */
export function toGsm7(text: string): string {
  let out = '';
  for (const ch of text) {
    if (BASIC.has(ch) || EXTENSION.has(ch)) out += ch;
    else out += PLAIN[ch] ?? ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  }
  return out;
}

export interface SmsText extends SmsSize {
  body: string;
  /** False when the link did not fit in the message's single segment and was left out. */
  withLink: boolean;
}

/**
 * The SMS as sent: the text in the chosen alphabet, then the link if the whole message still fits
 * in one segment. A text that alone needs more than one segment is sent as it is (its segments
 * counted); the copy test keeps every template within one.
 */
export function fitSms(text: string, url: string | null, alphabet: SmsAlphabet): SmsText {
  const body = alphabet === 'gsm7' ? toGsm7(text) : text;
  if (url) {
    const withUrl = `${body} ${url}`;
    const size = smsSize(withUrl);
    if (size.segments === 1) return { body: withUrl, withLink: true, ...size };
  }
  return { body, withLink: false, ...smsSize(body) };
}
