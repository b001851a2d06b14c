import { describe, expect, it } from 'vitest';
import { renderEmail } from '../src/domain/templates';

/** WCAG 2.1 relative luminance of a #rgb or #rrggbb colour. */
function luminance(hex: string): number {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  const lin = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * lin(r!) + 0.7152 * lin(g!) + 0.0722 * lin(b!);
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Every element with a text colour in the e-mail: its colour against its own background or the page's white. */
function textColours(html: string): { style: string; fg: string; bg: string }[] {
  return [...html.matchAll(/style="([^"]*)"/g)].flatMap(([, style]) => {
    const fg = /(?:^|;)color:(#[0-9a-f]{3,6})/i.exec(style!)?.[1];
    if (!fg) return [];
    const bg = /background(?:-color)?:(#[0-9a-f]{3,6})/i.exec(style!)?.[1] ?? '#fff';
    return [{ style: style!, fg, bg }];
  });
}

describe('e-mail contrast (WCAG 2.1 AA, 4.5:1 for text)', () => {
  it('the action button, the link fallback, the body text and the preferences footer', () => {
    const mail = renderEmail(
      'allResults',
      'pl',
      {
        params: { ref: 'GLEBA-1' },
        firstName: 'Anna',
        url: 'https://gleba.test/soil-tests/1/results',
        preferencesUrl: 'https://gleba.test/my-account',
      },
      { timeZone: 'Europe/Warsaw' },
    );
    const colours = textColours(mail.html);
    // The button (white on its background), the fallback line, the body and the footer.
    expect(colours.length).toBeGreaterThanOrEqual(4);
    const tooLow = colours
      .map(({ style, fg, bg }) => ({ style, ratio: Number(contrast(fg, bg).toFixed(2)) }))
      .filter((c) => c.ratio < 4.5);
    expect(tooLow).toEqual([]);
  });
});
