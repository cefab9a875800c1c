// One escaping for every place HTML is written by hand; each case is one the four former copies
// (server pages and mails, booking mails, prerendered heads, mail replies) relied on.
import { describe, expect, it } from 'vitest';

import { escapeHtml } from './html.ts';

describe('escapeHtml', () => {
  it('turns every markup character into an entity, ampersands first', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  it('keeps a value inside either kind of quoted attribute', () => {
    const value = `" onmouseover="alert(1)' x='`;
    expect(`<p title="${escapeHtml(value)}">`).not.toMatch(/title="[^"]*"[^>]/);
    expect(`<p title='${escapeHtml(value)}'>`).not.toMatch(/title='[^']*'[^>]/);
  });

  it('leaves other text as it is', () => {
    expect(escapeHtml('Tiếng Việt — العربية, 中文 · 50 % off')).toBe(
      'Tiếng Việt — العربية, 中文 · 50 % off',
    );
  });
});
