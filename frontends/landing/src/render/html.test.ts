import { describe, expect, it } from 'vitest';
import { html, raw } from './html';

// Prettier reformats `html` tagged templates; an alias keeps these byte-exact expectations readable.
const h = html;

describe('html', () => {
  it('escapes interpolated text and keeps nested markup', () => {
    const name = '<script>"x" & \'y\'</script>';
    expect(h`<p title="${name}">${name}</p>`.value).toBe(
      '<p title="&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;">&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;</p>',
    );
    expect(h`<ul>${['a', 'b'].map((x) => h`<li>${x}</li>`)}</ul>`.value).toBe(
      '<ul><li>a</li><li>b</li></ul>',
    );
    expect(h`${raw('<b>')}${null}${false}${undefined}${0}`.value).toBe('<b>0');
  });
});
