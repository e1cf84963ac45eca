import { escapeMarkdown, md, mdJoin, text } from '@labstat/tools';
import type { Token } from 'marked';
import { describe, expect, it } from 'vitest';
import { markdownParagraphs } from '../reports/report-docx.js';
import { markdownHtml, markdownTokens } from './html.js';

/** The text a browser shows for rendered HTML without tags. */
const shown = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&(lt|gt|quot|#39|amp);/g, (_, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!)
    .replace(/\s+/g, ' ')
    .trim();

/** Every tag in the HTML: only structure markdown makes, and links only to the web or mail. */
function expectOnlySafeTags(html: string) {
  for (const [tag] of html.matchAll(/<[^>]*>/g)) {
    expect(tag).toMatch(/^<\/?(p|strong|em|del|code|pre|ul|ol|li|h[1-6]|blockquote|hr|br|table|thead|tbody|tr|th|td|a|input)(\s[^<>]*)?\/?>$/);
    if (tag.startsWith('<a ')) expect(tag).toMatch(/^<a href="(https?:\/\/|mailto:)[^"]*"( title="[^"]*")? target="_blank" rel="noopener noreferrer nofollow">$/);
    expect(tag).not.toMatch(/\son\w+=/i);
  }
}

const PAYLOADS = [
  '[领取会员](https://evil.example/phish)',
  '[x](javascript:alert(1))',
  '![t](https://evil.example/t.png)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<https://evil.example/auto>',
  'https://evil.example/bare',
  'www.evil.example',
  'phish@evil.example',
  'mailto:phish@evil.example',
  '[ref]\n\n[ref]: https://evil.example',
  '# 标题',
  '- 列表',
  '1. 有序',
  '> 引用',
  '**粗体** _斜体_ ~~删除~~ `代码`',
  '```\ncode\n```',
  '    indented',
  'a | b\n--|--\n1 | 2',
  '---',
  '标题\n===',
  '&lt;b&gt; &#106;avascript: &amp;',
  'back\\slash\\',
  'line  \nbreak',
];

describe('escapeMarkdown', () => {
  it('renders every payload as its own characters, with no markup', () => {
    for (const p of PAYLOADS) {
      const html = markdownHtml(escapeMarkdown(p));
      expect(html.trim()).toMatch(/^<p>[\s\S]*<\/p>$/);
      expect(html.replace(/^<p>|<\/p>\s*$/g, '')).not.toMatch(/<[a-z]/i);
      expect(shown(html)).toBe(p.replace(/\s+/g, ' ').trim());
    }
  });

  it('keeps the characters whatever is around them (random strings of markdown syntax)', () => {
    const alphabet = ['[', ']', '(', ')', '!', '<', '>', '&', '*', '_', '~', '`', '#', '|', '-', '+', '=', '.', ':', '@', '\\', '"', "'", ' ', '\n', 'a', '1', '组', 'www', 'http', '//', 'javascript', 'evil.example', '#39;', 'lt;'];
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 3000; i++) {
      const s = Array.from({ length: 1 + rand(24) }, () => alphabet[rand(alphabet.length)]).join('');
      // Inside a sentence of ours and on its own: the same characters come out, as text only.
      for (const source of [escapeMarkdown(s), md`比较“${s}”与“${s}”。`]) {
        const html = markdownHtml(source);
        expectOnlySafeTags(html);
        expect(html).not.toMatch(/<(a|img)\b/);
      }
      expect(shown(markdownHtml(escapeMarkdown(s)))).toBe(s.replace(/\s+/g, ' ').trim());
    }
  });

  it('leaves ordinary Chinese text and numbers readable in the markdown source', () => {
    expect(escapeMarkdown('饲料A 组 P = 0.023，95%CI 1.2 ~ 3.4')).toBe('饲料A 组 P = 0.023，95%CI 1.2 \\~ 3.4');
  });

  it('text() escapes whole paragraphs; md`` escapes only what is interpolated', () => {
    const block = text('“[x](javascript:alert(1))”组', '第二段');
    expect(block.type === 'text' && block.markdown).toBe('“\\[x\\](javascript\\:alert(1))”组\n\n第二段');
    const list = mdJoin([md`- **${'![t](https://evil.example/t.png)'}**：n = ${20}`, md`- **${'B'}**：n = ${null}`], '\n');
    const html = markdownHtml(list);
    expect(html).toContain('<li><strong>![t](https://evil.example/t.png)</strong>：n = 20</li>');
    expect(html).not.toContain('<img');
  });
});

describe('markdownHtml', () => {
  it('still renders the markup tools write: bold, lists, tables, headings, code', () => {
    const html = markdownHtml('## 小结\n\n- **均值**：*1.2*\n- `x`\n\n| a | b |\n|---|---|\n| 1 | 2 |');
    expect(html).toContain('<h2>小结</h2>');
    expect(html).toContain('<li><strong>均值</strong>：<em>1.2</em></li>');
    expect(html).toContain('<code>x</code>');
    expect(html).toContain('<td>1</td>');
  });

  it('keeps http(s) and mailto links, made safe; drops every other scheme and every image', () => {
    expect(markdownHtml('[文档](https://example.org/a?b=1&c=2)')).toContain('<a href="https://example.org/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">文档</a>');
    for (const bad of ['[x](javascript:alert(1))', '[x](JaVaScRiPt:alert(1))', '[x](&#106;avascript:alert(1))', '[x]( javascript:alert(1))', '[x](data:text/html,<script>alert(1)</script>)', '[x](vbscript:msgbox)', '[x](//evil.example)', '<javascript:alert(1)>']) {
      const html = markdownHtml(bad);
      expect(html).not.toMatch(/<a\b/);
      expectOnlySafeTags(html);
    }
    const img = markdownHtml('![远程 <b>图</b>](https://evil.example/t.png "t")');
    expect(img).not.toMatch(/<img/);
    expect(img).toContain('远程 &lt;b&gt;图&lt;/b&gt;');
  });

  it('never lets raw HTML through, however it is spelled', () => {
    for (const raw of [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<div>\n\n*x*\n\n</div>',
      '<script><img src=x onerror=alert(1)//</script>',
      'a <style>b{}</style> <iframe src="https://evil.example"></iframe>',
      '<!-- c --> <?php ?> <![CDATA[x]]>',
      '&#60;img src=x onerror=alert(1)&#62;',
      '`<b>` ```\n<b>\n```',
    ]) {
      const html = markdownHtml(raw);
      expectOnlySafeTags(html);
    }
  });

  it('gives the Word download the same dialect: no raw HTML, no link, no image tokens from user text', () => {
    expect(markdownTokens('<b>x</b>').some((t) => t.type === 'html')).toBe(false);
    const kinds = new Set<string>();
    const walk = (tokens: Token[]) => {
      for (const t of tokens) {
        kinds.add(t.type);
        if ('tokens' in t && t.tokens) walk(t.tokens);
      }
    };
    walk(markdownTokens(escapeMarkdown('[领取会员](https://evil.example/phish) ![t](https://evil.example/t.png) <b> www.evil.example')));
    expect([...kinds].sort()).toEqual(['escape', 'paragraph', 'text']);
    expect(markdownParagraphs(escapeMarkdown('[x](javascript:alert(1))'))).toHaveLength(1);
  });
});
