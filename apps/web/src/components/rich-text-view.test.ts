// Unit tests run in Node without a DOM, so the trees below stand in for what the browser's parser
// makes of each input; the browser test (e2e/accounts.e2e.ts) feeds the same inputs to DOMParser.
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { richTextChildren, safeImageSrc, safeLink, type RichTextNode } from './rich-text-view';

function el(name: string, attrs: Record<string, string>, ...children: Array<RichTextNode | string>): RichTextNode {
  const childNodes = children.map((c) => (typeof c === 'string' ? text(c) : c));
  return {
    nodeType: 1,
    nodeName: name.toUpperCase(),
    nodeValue: null,
    get textContent() {
      return childNodes.map((c) => c.textContent ?? '').join('');
    },
    childNodes,
    getAttribute: (n) => attrs[n] ?? null,
  };
}
function text(value: string): RichTextNode {
  return { nodeType: 3, nodeName: '#text', nodeValue: value, textContent: value, childNodes: [], getAttribute: () => null };
}
function comment(value: string): RichTextNode {
  return { nodeType: 8, nodeName: '#comment', nodeValue: value, textContent: value, childNodes: [], getAttribute: () => null };
}
// React's server renderer adds an image preload <link> of its own; the browser renderer does not.
const html = (...children: Array<RichTextNode | string>) =>
  renderToStaticMarkup(createElement(Fragment, null, ...richTextChildren(el('body', {}, ...children)))).replace(/<link rel="preload" as="image"[^>]*>/g, '');

const IMG = '/uploads/files/clutter/0f8fad5b-d9cb-469f-a165-70867728950e.png';

describe('safeLink', () => {
  it('keeps http(s) and mailto as external links', () => {
    expect(safeLink('https://example.com/a?b=1')).toEqual({ href: 'https://example.com/a?b=1', external: true });
    expect(safeLink('  HTTP://example.com ')).toEqual({ href: 'HTTP://example.com', external: true });
    expect(safeLink('mailto:help@labstat.cn')).toEqual({ href: 'mailto:help@labstat.cn', external: true });
  });
  it('keeps paths and hashes on this site', () => {
    expect(safeLink('/#/vip')).toEqual({ href: '/#/vip', external: false });
    expect(safeLink('#/document/document-manual')).toEqual({ href: '#/document/document-manual', external: false });
  });
  it('drops scripts, data, other hosts dressed as paths, and anything else', () => {
    for (const bad of [
      'javascript:alert(1)',
      '  JaVaScRiPt:alert(1)',
      'java\nscript:alert(1)',
      '\u0001javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example',
      '/\\evil.example',
      '/\t/evil.example',
      'relative/path',
      '',
      null,
    ]) {
      expect(safeLink(bad), String(bad)).toBeNull();
    }
  });
});

describe('safeImageSrc', () => {
  it('keeps only files uploaded to this site', () => {
    expect(safeImageSrc(IMG)).toBe(IMG);
    expect(safeImageSrc('x')).toBeNull();
    expect(safeImageSrc('https://example.com/a.png')).toBeNull();
    expect(safeImageSrc('data:image/png;base64,AAAA')).toBeNull();
    expect(safeImageSrc(`${IMG}?x`)).toBeNull();
    expect(safeImageSrc(null)).toBeNull();
  });
});

describe('richTextChildren', () => {
  it('keeps the editor formatting, nested', () => {
    expect(
      html(
        el('h2', {}, '标题'),
        el('p', {}, '今晚 ', el('strong', {}, el('em', {}, '22:00')), ' 维护', el('br', {}), el('u', {}, 'u'), el('s', {}, 's')),
        el('ul', {}, el('li', {}, 'a'), el('li', {}, el('code', {}, 'b'))),
        el('ol', {}, el('li', {}, 'c')),
        el('blockquote', {}, el('p', {}, 'q')),
        el('pre', {}, el('code', {}, 'x <- 1')),
      ),
    ).toBe(
      '<h2>标题</h2><p>今晚 <strong><em>22:00</em></strong> 维护<br/><u>u</u><s>s</s></p><ul><li>a</li><li><code>b</code></li></ul><ol><li>c</li></ol><blockquote><p>q</p></blockquote><pre><code>x &lt;- 1</code></pre>',
    );
  });

  it('shows < > & in text as text', () => {
    expect(html(el('p', {}, 'a < b && c > d <script>alert(1)</script>'))).toBe(
      '<p>a &lt; b &amp;&amp; c &gt; d &lt;script&gt;alert(1)&lt;/script&gt;</p>',
    );
  });

  it('maps b, i, del and strike as the server does', () => {
    expect(html(el('b', {}, '1'), el('i', {}, '2'), el('del', {}, '3'), el('strike', {}, '4'))).toBe('<strong>1</strong><em>2</em><s>3</s><s>4</s>');
  });

  it('drops scripts, styles, frames and SVG with their content', () => {
    expect(
      html(
        el('script', {}, 'alert(1)'),
        el('style', {}, 'body{display:none}'),
        el('iframe', { src: 'https://evil.example' }, 'frame'),
        el('svg', {}, el('style', {}, '<img src=x onerror=alert(1)>')),
        el('object', { data: 'x.swf' }, 'obj'),
        el('template', {}, el('img', { src: IMG })),
        comment('<img src=x onerror=alert(1)>'),
        el('p', {}, 'ok'),
      ),
    ).toBe('<p>ok</p>');
  });

  it('keeps the text of other elements but not the elements or their attributes', () => {
    expect(
      html(
        el('div', { style: 'position:fixed', onclick: 'alert(1)' }, el('span', { class: 'x' }, 'inner '), el('strong', { onclick: 'alert(1)', style: 'color:red' }, 'bold')),
        el('form', { action: 'https://evil.example' }, el('input', { value: 'v' }), el('button', {}, 'go')),
        el('p', { style: 'color:red', class: 'big', id: 'p1', onmouseover: 'alert(1)' }, 'p'),
      ),
    ).toBe('inner <strong>bold</strong>go<p>p</p>');
  });

  it('keeps images only from our uploads, with alt and nothing else', () => {
    expect(
      html(
        el('img', { src: 'x', onerror: 'alert(1)' }),
        el('img', { src: 'https://evil.example/t.gif' }),
        el('img', { src: 'data:image/svg+xml,<svg onload=alert(1)>' }),
        el('img', { src: IMG, alt: '图 1', onerror: 'alert(1)', style: 'width:9999px', width: '9999' }),
      ),
    ).toBe(`<img src="${IMG}" alt="图 1"/>`);
  });

  it('opens external links in a new tab without access to this window, site links in place', () => {
    expect(
      html(
        el('a', { href: 'https://example.com', onclick: 'alert(1)', target: '_self', style: 'x' }, el('strong', {}, '官网')),
        el('a', { href: 'mailto:help@labstat.cn' }, 'mail'),
        el('a', { href: '/#/vip', target: '_blank' }, '会员'),
      ),
    ).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow"><strong>官网</strong></a>' +
        '<a href="mailto:help@labstat.cn" target="_blank" rel="noopener noreferrer nofollow">mail</a>' +
        '<a href="/#/vip">会员</a>',
    );
  });

  it('keeps a bad link as plain text', () => {
    expect(
      html(
        el('a', { href: 'javascript:alert(1)' }, 'a'),
        el('a', { href: '  JaVaScRiPt:alert(1)' }, 'b'),
        el('a', { href: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==' }, 'c'),
        el('a', { href: '//evil.example' }, 'd'),
        el('a', {}, 'e'),
      ),
    ).toBe('abcde');
  });

  it('flattens absurdly deep nesting to text instead of recursing on', () => {
    let node: RichTextNode = text('deep');
    for (let i = 0; i < 200; i++) node = el('em', {}, node);
    const out = html(node);
    expect(out.match(/<em>/g)).toHaveLength(64);
    expect(out).toContain('deep');
  });
});
