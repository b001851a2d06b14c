import { describe, expect, it } from 'vitest';
import { html, raw } from './html';

describe('html', () => {
  it('escapes interpolated text and keeps nested markup', () => {
    const name = '<script>"x" & \'y\'</script>';
    expect(html`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;">&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;</p>',
    );
    expect(html`<ul>${['a', 'b'].map((x) => html`<li>${x}</li>`)}</ul>`.value).toBe('<ul><li>a</li><li>b</li></ul>');
    expect(html`${raw('<b>')}${null}${false}${undefined}${0}`.value).toBe('<b>0');
  });
});
