// How the escaped markdown renders is checked against the server's renderer in
// apps/server/src/lib/html.test.ts; here, what the escaping writes.
import { describe, expect, it } from 'vitest';
import { escapeMarkdown, markdownText, md, mdJoin, text } from './report-helpers.js';

describe('escapeMarkdown', () => {
  it('backslash-escapes link, image, HTML and autolink syntax', () => {
    expect(escapeMarkdown('[领取会员](https://evil.example/phish)')).toBe('\\[领取会员\\](https\\://evil.example/phish)');
    expect(escapeMarkdown('![t](https://evil.example/t.png)')).toBe('!\\[t\\](https\\://evil.example/t.png)');
    expect(escapeMarkdown('<b>&amp;</b>')).toBe('\\<b\\>\\&amp;\\</b\\>');
    expect(escapeMarkdown('www.evil.example phish@evil.example')).toBe('www\\.evil.example phish\\@evil.example');
  });

  it('escapes emphasis, code, strike, tables and headings', () => {
    expect(escapeMarkdown('**a** _b_ ~c~ `d` e|f #g \\')).toBe('\\*\\*a\\*\\* \\_b\\_ \\~c\\~ \\`d\\` e\\|f \\#g \\\\');
  });

  it('flattens line breaks, so no block can start inside the text, and escapes a block marker at its start', () => {
    expect(escapeMarkdown('a\n# b\r\n> c\n\n- d')).toBe('a \\# b \\> c - d');
    expect(escapeMarkdown('- x')).toBe('\\- x');
    expect(escapeMarkdown('+ x')).toBe('\\+ x');
    expect(escapeMarkdown('===')).toBe('\\===');
    expect(escapeMarkdown('12. x')).toBe('12\\. x');
    expect(escapeMarkdown('3) x')).toBe('3\\) x');
    expect(escapeMarkdown('    code')).toBe(' code');
  });

  it('leaves text without markdown syntax as it is', () => {
    for (const s of ['饲料A', '体重增量（g）', 'A-1', 'P = 0.023', '-0.5', '1.5', 'a, b; c? d!']) {
      expect(escapeMarkdown(s)).toBe(s === '-0.5' ? '\\-0.5' : s);
    }
  });
});

describe('report text builders', () => {
  it('text() treats each paragraph as plain text', () => {
    expect(text('组“[x](javascript:alert(1))”', '第二段')).toEqual({ type: 'text', markdown: '组“\\[x\\](javascript\\:alert(1))”\n\n第二段' });
  });

  it('md`` keeps the tool’s markup and escapes what is interpolated', () => {
    const line = md`- **${'a*b'}**：n = ${3}，均值 ${null}`;
    expect(line).toBe('- **a\\*b**：n = 3，均值 null');
    expect(markdownText(mdJoin([line, md`- **${'c'}**`], '\n'), md`结语`)).toEqual({ type: 'text', markdown: '- **a\\*b**：n = 3，均值 null\n- **c**\n\n结语' });
  });
});
