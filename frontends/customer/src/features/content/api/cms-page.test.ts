// @vitest-environment jsdom
// DOMPurify needs a complete DOM; happy-dom's is not enough for it, jsdom's is (as a browser's).
import { describe, expect, it } from 'vitest';
import { sanitizeCmsHtml } from './cms-page';

describe('CMS content', () => {
  it('keeps the text and markup, drops scripts, handlers and frames', () => {
    const html = sanitizeCmsHtml(
      '<h2>FAQ</h2><p onclick="steal()">Text <a href="javascript:alert(1)">x</a> <a href="https://gleba.pl">ok</a></p><script>alert(1)</script><iframe src="//evil"></iframe><img src=x onerror="alert(1)">',
    );
    expect(html).toContain('<h2>FAQ</h2>');
    expect(html).toContain('<a href="https://gleba.pl">ok</a>');
    expect(html).not.toMatch(/script|onclick|onerror|iframe|javascript:/);
  });
});
