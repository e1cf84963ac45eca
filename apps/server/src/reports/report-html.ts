// The report page the tool detail shows in its frame (DESIGN §5): the Report JSON drawn as HTML —
// three-line tables, text, and ECharts charts drawn by a script from the same options. Every piece
// of text is escaped; chart options travel as JSON inside a non-executable script element.
import type { Report, ReportBlock } from '@labstat/contracts';
import { escapeHtml, markdownHtml } from '../lib/html.js';

export const REPORT_ASSETS = '/reports/assets';

const cell = (v: string | number | null) => (v === null ? '' : escapeHtml(String(v)));

function block(b: ReportBlock, index: number): string {
  switch (b.type) {
    case 'text':
      return `<div class="text">${markdownHtml(b.markdown)}</div>`;
    case 'table':
      return [
        '<figure class="table">',
        `<figcaption>${escapeHtml(b.title)}</figcaption>`,
        '<table class="three-line"><thead><tr>',
        ...b.columns.map((c) => `<th>${escapeHtml(c)}</th>`),
        '</tr></thead><tbody>',
        ...b.rows.map((r) => `<tr>${r.map((v, i) => `<td${i === 0 ? ' class="first"' : ''}>${cell(v)}</td>`).join('')}</tr>`),
        '</tbody></table>',
        ...b.footnotes.map((f) => `<p class="footnote">注：${escapeHtml(f)}</p>`),
        '</figure>',
      ].join('');
    case 'chart': {
      const json = JSON.stringify(b.option).replace(/</g, '\\u003c');
      return `<figure class="chart"><figcaption>${escapeHtml(b.title)}</figcaption><div class="echart" id="chart-${index}"></div><script type="application/json" data-chart="chart-${index}">${json}</script></figure>`;
    }
    case 'code':
      return `<pre class="code" data-language="${escapeHtml(b.language)}"><code>${escapeHtml(b.code)}</code></pre>`;
    case 'image':
      return `<figure class="image"><figcaption>${escapeHtml(b.title)}</figcaption><img src="${escapeHtml(b.src)}" alt="${escapeHtml(b.alt)}"></figure>`;
  }
}

const STYLE = `
body{font-family:"Times New Roman","SimSun","Songti SC","Noto Serif CJK SC",serif;color:#222;margin:0;padding:24px 32px;line-height:1.7;background:#fff}
h1{font-size:22px;margin:0 0 4px}
.meta{color:#888;font-size:12px;margin-bottom:16px}
h2{font-size:17px;border-left:4px solid #409EFF;padding-left:8px;margin:28px 0 12px}
figure{margin:16px 0}
figcaption{font-weight:bold;text-align:center;margin-bottom:6px}
table.three-line{border-collapse:collapse;margin:0 auto;min-width:60%;border-top:2px solid #000;border-bottom:2px solid #000}
table.three-line th{border-bottom:1px solid #000;padding:4px 12px;font-weight:bold}
table.three-line td{padding:3px 12px;text-align:center}
table.three-line td.first{text-align:left}
.footnote{font-size:12px;color:#555;margin:4px auto;max-width:90%}
.echart{width:100%;height:420px}
.image img{max-width:100%}
.text p{margin:8px 0}
pre.code{background:#f6f8fa;border:1px solid #e4e7ed;border-radius:4px;padding:12px;font:13px/1.5 Consolas,Menlo,monospace;white-space:pre-wrap;word-break:break-all}
details{margin-top:24px;color:#555}
`;

export function reportHtml(reportid: string, report: Report): string {
  let n = 0;
  const sections = report.sections
    .map((s) => `<section><h2>${escapeHtml(s.title)}</h2>${s.blocks.map((b) => block(b, n++)).join('')}</section>`)
    .join('');
  const created = new Date(report.createdAt).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
  const params = Object.entries(report.parameters)
    .map(([k, v]) => `<li>${escapeHtml(k)}：${escapeHtml(Array.isArray(v) ? v.join('、') : String(v ?? ''))}</li>`)
    .join('');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(report.title)}</title><style>${STYLE}</style></head><body data-report="${escapeHtml(reportid)}">
<h1>${escapeHtml(report.title)}</h1>
<div class="meta">${escapeHtml(report.tool.name)} v${report.tool.version} · 生成于 ${escapeHtml(created)} · ${escapeHtml(report.engineVersion)}</div>
${sections}
<details><summary>分析参数与可复现信息</summary><ul>${params}</ul><p>数据指纹（SHA-256）：${escapeHtml(report.dataFingerprint)}</p></details>
<script src="${REPORT_ASSETS}/echarts.min.js"></script><script src="${REPORT_ASSETS}/report.js"></script>
</body></html>`;
}

/** Draws every chart of the page; served as a file so the page needs no inline script. */
export const REPORT_SCRIPT = `(function(){
  var nodes = document.querySelectorAll('script[data-chart]');
  var charts = [];
  nodes.forEach(function(n){
    var el = document.getElementById(n.getAttribute('data-chart'));
    if (!el || !window.echarts) return;
    var chart = window.echarts.init(el, null, { renderer: 'svg' });
    chart.setOption(JSON.parse(n.textContent));
    charts.push(chart);
  });
  window.addEventListener('resize', function(){ charts.forEach(function(c){ c.resize(); }); });
})();`;
