import { describe, expect, it } from 'vitest';
import { isBlankRichText, sanitizeRichText, textToRichText } from './rich-text.js';

const OWN = '/uploads/files/clutter/0b8e6a4c-1f2d-4c3b-9a7e-5d6c7b8a9f01.webp';

describe('rich text allow-list', () => {
  it('keeps links only to http(s) and mailto, however the scheme is disguised', () => {
    for (const href of ['JAVASCRIPT:alert(1)', ' javascript:alert(1)', 'jav&#x09;ascript:alert(1)', '//evil.example/x', '/relative', 'data:text/html,x', 'vbscript:x']) {
      expect(sanitizeRichText(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
    expect(sanitizeRichText('<a href="mailto:help@example.org" target="_self" rel="opener">mail</a>')).toBe(
      '<a href="mailto:help@example.org" rel="noopener noreferrer nofollow" target="_blank">mail</a>',
    );
  });

  it('keeps images only from our own upload path', () => {
    expect(sanitizeRichText(`<img src="${OWN}" alt="截图" width="9999">`)).toBe(`<img src="${OWN}" alt="截图" />`);
    for (const src of ['https://evil.example/a.png', `//evil.example${OWN}`, `${OWN}?x=1`, '/uploads/files/../secret.png', 'data:image/png;base64,AAAA', '/uploads/files/clutter/x.svg']) {
      expect(sanitizeRichText(`<p>a<img src="${src}">b</p>`), src).toBe('<p>ab</p>');
    }
  });

  it('drops scripts, styles, frames and event handlers, and maps editor tags', () => {
    expect(sanitizeRichText('<div onclick="x"><b>B</b><i>I</i><del>D</del><style>p{}</style><iframe src="x"></iframe><svg><script>1</script></svg></div>')).toBe(
      '<strong>B</strong><em>I</em><s>D</s>',
    );
  });

  it('knows blank text and turns plain text into escaped paragraphs', () => {
    expect(isBlankRichText('<p><br /></p><p>\u200b&nbsp;</p>')).toBe(true);
    expect(isBlankRichText(`<p><img src="${OWN}" /></p>`)).toBe(false);
    expect(textToRichText('a < b\nc\n\nd')).toBe('<p>a &lt; b<br />c</p><p>d</p>');
  });
});
