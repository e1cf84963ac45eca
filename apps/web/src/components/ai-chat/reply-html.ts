// A chat message as safe HTML: markdown rendered by marked, sanitised by DOMPurify (models and users
// can write anything), links opened in a new tab, and the numbers the grounding check marked wrapped
// in an underlined span with the tip 此数值未在报告中出现，请核对.
import { UNGROUNDED_TIP, numberTokens } from '@labstat/contracts';
import DOMPurify from 'dompurify';
import { marked } from 'marked';

const FORBID_TAGS = ['img', 'style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'svg', 'math'];

function markNumbers(root: Node, marks: ReadonlySet<string>): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n as Text);
  for (const node of texts) {
    if (node.parentElement?.closest('code, pre')) continue;
    const value = node.data;
    const hits = numberTokens(value).filter((t) => marks.has(t.text));
    if (hits.length === 0) continue;
    const frag = document.createDocumentFragment();
    let at = 0;
    for (const h of hits) {
      frag.append(value.slice(at, h.index));
      const span = document.createElement('span');
      span.className = 'ai-ungrounded';
      span.title = UNGROUNDED_TIP;
      span.dataset.testid = 'ungrounded';
      span.textContent = h.text;
      frag.append(span);
      at = h.index + h.text.length;
    }
    frag.append(value.slice(at));
    node.replaceWith(frag);
  }
}

export function replyHtml(markdown: string, marks: readonly string[] = []): string {
  const html = marked.parse(markdown, { async: false, gfm: true, breaks: true });
  const frag = DOMPurify.sanitize(html, { RETURN_DOM_FRAGMENT: true, FORBID_TAGS, FORBID_ATTR: ['style'] });
  for (const a of frag.querySelectorAll('a')) {
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
  }
  if (marks.length > 0) markNumbers(frag, new Set(marks));
  const box = document.createElement('div');
  box.append(frag);
  return box.innerHTML;
}
