// The report page the tool detail shows in its frame (DESIGN §5): the Report JSON drawn as HTML —
// three-line tables, text, and ECharts charts drawn by a script from the same options. Every piece
// of text is escaped; chart options travel as JSON inside a non-executable script element.
import { applyFigureOptions, calculatorDefaults, DEFAULT_FIGURE_OPTIONS, FIGURE_FONTS, PALETTES, riskPrediction, type Report, type ReportBlock, type RiskCalculatorModel } from '@labstat/contracts';
import { escapeHtml, markdownHtml } from '../lib/html.js';
import { downloadPath, paramRows } from './report-facts.js';

export const REPORT_ASSETS = '/reports/assets';

/** Where the page's downloads live, and the share state (null: a visitor through a share link). */
export interface ReportView {
  base: string;
  share: { path: string } | null;
  /** The owner's way to the AI chat about this report (the app's tool detail with ?ai=1). */
  ai?: { toolId: number; taskId: string };
  /** Set by reportHtml: whether the report has charts (the slides download and the figure panel). */
  charts?: boolean;
}

/** The downloads under every chart: kind, label, test id. */
const CHART_EXPORTS: Array<[string, string, string]> = [
  ['png', 'PNG 300 dpi', 'chart-png'],
  ['png600', 'PNG 600 dpi', 'chart-png600'],
  ['tiff', 'TIFF 300 dpi', 'chart-tiff'],
  ['tiff600', 'TIFF 600 dpi', 'chart-tiff600'],
  ['svg', 'SVG', 'chart-svg'],
  ['pdf', 'PDF', 'chart-pdf'],
];

const options = (pairs: ReadonlyArray<readonly [string, string]>, selected: string) =>
  pairs.map(([v, label]) => `<option value="${escapeHtml(v)}"${v === selected ? ' selected' : ''}>${escapeHtml(label)}</option>`).join('');

/** The figure options panel (issue 21): every chart on the page re-draws from it, downloads follow it. */
function figurePanel(): string {
  const d = DEFAULT_FIGURE_OPTIONS;
  const palettes = Object.entries(PALETTES).map(([k, p]) => [k, p.name] as const);
  const fonts = Object.entries(FIGURE_FONTS).map(([k, f]) => [k, f.name] as const);
  return `<details class="figure-panel" id="figure-panel" data-testid="figure-panel"><summary>图形设置（配色、字体、尺寸、标题、图例）</summary><form id="figure-form">
<label>配色<select name="palette">${options(palettes, d.palette)}</select></label>
<label>主题<select name="theme">${options([['classic', '经典期刊（坐标轴线、无网格）'], ['minimal', '简洁（浅色网格）']], d.theme)}</select></label>
<label>字体<select name="font">${options(fonts, d.font)}</select></label>
<label>字号<input name="fontSize" type="number" min="6" max="24" step="1" value="${d.fontSize}"></label>
<label>宽（mm）<input name="widthMm" type="number" min="40" max="300" step="5" value="${d.widthMm}"></label>
<label>高（mm）<input name="heightMm" type="number" min="30" max="300" step="5" value="${d.heightMm}"></label>
<label>图题<input name="title" maxlength="100" placeholder="保持原样"></label>
<label>横轴标题<input name="xTitle" maxlength="100" placeholder="保持原样"></label>
<label>纵轴标题<input name="yTitle" maxlength="100" placeholder="保持原样"></label>
<label>图例位置<select name="legend">${options([['top', '上方'], ['bottom', '下方'], ['right', '右侧'], ['none', '不显示']], d.legend)}</select></label>
<label>点大小<input name="pointSize" type="number" min="1" max="30" step="1" value="${d.pointSize}"></label>
<label>点透明度<input name="opacity" type="number" min="0.05" max="1" step="0.05" value="${d.opacity}"></label>
<label class="check"><input name="sigMarks" type="checkbox" checked> 显示显著性标注</label>
<label class="wide">图例改名（每行“原名=新名”）<textarea name="labels" rows="2" maxlength="2000"></textarea></label>
<button type="button" id="figure-reset">恢复默认</button></form></details>`;
}

const cell = (v: string | number | null) => (v === null ? '' : escapeHtml(String(v)));

const percent = (p: number) => (isFinite(p) ? `${(p * 100).toFixed(1)}%` : '—');

/** The risk calculator (dynamic nomogram): inputs with the model's defaults and the first answer; the page script re-computes on every change. */
function calculator(title: string, model: RiskCalculatorModel, index: number): string {
  const id = `calc-${index}`;
  const inputs = model.inputs
    .map((input, i) =>
      input.type === 'numeric'
        ? `<label>${escapeHtml(input.name)}<input type="number" data-input="${i}" min="${input.min}" max="${input.max}" step="any" value="${input.value}"></label>`
        : `<label>${escapeHtml(input.name)}<select data-input="${i}">${input.levels.map((l) => `<option${l.label === input.value ? ' selected' : ''}>${escapeHtml(l.label)}</option>`).join('')}</select></label>`,
    )
    .join('');
  const first = riskPrediction(model, calculatorDefaults(model));
  const outputs = first.outputs.map((o) => `<div><span>${escapeHtml(o.label)}</span><strong>${percent(o.value)}</strong></div>`).join('');
  const json = JSON.stringify(model).replace(/</g, '\\u003c');
  return `<figure class="calculator" data-testid="risk-calculator"><figcaption>${escapeHtml(title)}</figcaption><form class="calc-form" data-calculator="${id}">${inputs}</form><div class="calc-out" id="${id}-out" aria-live="polite">${outputs}</div><p class="footnote">在上方修改各预测因素的取值，预测结果随之更新（线性预测值按报告中的模型系数计算）。</p><script type="application/json" data-calculator-model="${id}">${json}</script></figure>`;
}

function block(b: ReportBlock, index: number, chart: number, link: (kind: string) => string): string {
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
      const links = CHART_EXPORTS.map(([kind, label, testid]) => `<a href="${link(`${kind}-${chart}`)}" download data-kind="${kind}" data-testid="${testid}">${label}</a>`).join('');
      return `<figure class="chart"><figcaption>${escapeHtml(b.title)}</figcaption><div class="echart" id="chart-${index}"></div><script type="application/json" data-chart="chart-${index}">${json}</script><div class="chart-links">下载图片：${links}</div></figure>`;
    }
    case 'code':
      return `<pre class="code" data-language="${escapeHtml(b.language)}"><code>${escapeHtml(b.code)}</code></pre>`;
    case 'calculator':
      return calculator(b.title, b.model, index);
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
.toolbar{display:flex;flex-wrap:wrap;gap:8px;align-items:center;font-family:sans-serif;font-size:13px;padding:8px 12px;margin:0 -8px 16px;background:#f5f7fa;border-radius:4px}
.toolbar a,.toolbar button,.chart-links a{color:#409EFF;text-decoration:none;border:1px solid #c6e2ff;background:#ecf5ff;border-radius:3px;padding:2px 10px;font-size:13px;cursor:pointer;font-family:sans-serif}
.toolbar button.danger{color:#f56c6c;border-color:#fbc4c4;background:#fef0f0}
.toolbar .spacer{flex:1}
.toolbar input{width:320px;font-size:12px;padding:3px 6px;border:1px solid #dcdfe6;border-radius:3px}
.toolbar .status{color:#67c23a}
.toolbar .status.error{color:#f56c6c}
.chart-links{text-align:center;font-family:sans-serif;font-size:12px;color:#888}
.chart-links a{margin-left:6px;font-size:12px;padding:1px 8px}
.shared{font-family:sans-serif;font-size:12px;color:#888}
.figure-panel{font-family:sans-serif;font-size:13px;margin:0 -8px 16px;padding:6px 12px;background:#fafbfc;border:1px solid #ebeef5;border-radius:4px}
.figure-panel summary{cursor:pointer;color:#409EFF}
.calculator{font-family:sans-serif;font-size:13px;border:1px solid #ebeef5;border-radius:4px;padding:12px 16px;max-width:720px;margin:16px auto}
.calc-form{display:flex;flex-wrap:wrap;gap:8px 16px}
.calc-form label{display:flex;flex-direction:column;gap:2px;color:#555}
.calc-form input,.calc-form select{font-size:13px;padding:2px 4px;border:1px solid #dcdfe6;border-radius:3px;width:120px}
.calc-out{display:flex;flex-wrap:wrap;gap:8px 24px;margin-top:12px;padding-top:8px;border-top:1px dashed #dcdfe6}
.calc-out strong{color:#409EFF;font-size:18px;margin-left:6px}
.figure-panel form{display:flex;flex-wrap:wrap;gap:8px 16px;margin-top:8px;align-items:flex-end}
.figure-panel label{display:flex;flex-direction:column;gap:2px;color:#555}
.figure-panel label.check{flex-direction:row;align-items:center;gap:4px}
.figure-panel label.wide{flex-basis:100%}
.figure-panel input,.figure-panel select,.figure-panel textarea{font-size:12px;padding:2px 4px;border:1px solid #dcdfe6;border-radius:3px}
.figure-panel input[type=number]{width:72px}
.figure-panel button{color:#409EFF;border:1px solid #c6e2ff;background:#ecf5ff;border-radius:3px;padding:2px 10px;cursor:pointer}
@media print{.toolbar,.chart-links,.figure-panel{display:none}}
`;

function toolbar(view: ReportView, link: (kind: string) => string): string {
  const downloads = `<span>下载报告：</span><a href="${link('docx')}" download data-kind="docx" data-testid="download-docx">Word</a><a href="${link('xlsx')}" download data-testid="download-xlsx">Excel</a><a href="${link('json')}" download data-testid="download-json">JSON</a>${view.charts ? `<a href="${link('pptx')}" download data-kind="pptx" data-testid="download-pptx">PPT（全部图）</a>` : ''}`;
  if (!view.share) return `<nav class="toolbar">${downloads}<span class="spacer"></span><span class="shared">通过分享链接查看</span></nav>`;
  const shared = view.share.path !== '';
  // Shown when the page is opened on its own; inside the app's frame the app has its own 解读 button.
  const ai = view.ai
    ? `<a href="/#/tool/detail?toolId=${view.ai.toolId}&amp;taskId=${encodeURIComponent(view.ai.taskId)}&amp;ai=1" target="_top" id="report-ai" hidden data-testid="report-ai">AI 解读</a>`
    : '';
  return `<nav class="toolbar" id="share-bar" data-share="${escapeHtml(view.share.path)}">${downloads}${ai}<span class="spacer"></span>
<button type="button" id="share-create" data-testid="share-create"${shared ? ' hidden' : ''}>创建分享链接</button>
<span id="share-box"${shared ? '' : ' hidden'}><input id="share-url" readonly data-testid="share-url" aria-label="分享链接"> <button type="button" id="share-copy">复制</button> <button type="button" class="danger" id="share-revoke" data-testid="share-revoke">撤销分享</button></span>
<span class="status" id="share-status" role="status"></span></nav>`;
}

export function reportHtml(report: Report, view: ReportView): string {
  let n = 0;
  let charts = 0;
  const link = (kind: string) => escapeHtml(downloadPath(view.base, report, kind));
  const hasCharts = report.sections.some((s) => s.blocks.some((b) => b.type === 'chart'));
  view = { ...view, charts: hasCharts };
  const sections = report.sections
    .map((s) => `<section><h2>${escapeHtml(s.title)}</h2>${s.blocks.map((b) => block(b, n++, b.type === 'chart' ? charts++ : -1, link)).join('')}</section>`)
    .join('');
  const created = new Date(report.createdAt).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
  const params = paramRows(report)
    .map(([k, v]) => `<li>${escapeHtml(k ?? '')}：${escapeHtml(v ?? '')}</li>`)
    .join('');
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(report.title)}</title><style>${STYLE}</style></head><body data-base="${escapeHtml(view.base)}">
${toolbar(view, link)}
${hasCharts ? figurePanel() : ''}
<h1>${escapeHtml(report.title)}</h1>
<div class="meta">${escapeHtml(report.tool.name)} v${report.tool.version} · 生成于 ${escapeHtml(created)} · ${escapeHtml(report.engineVersion)}</div>
${sections}
<details><summary>分析参数与可复现信息</summary><ul>${params}</ul><p>数据指纹（SHA-256）：${escapeHtml(report.dataFingerprint)}</p></details>
<script src="${REPORT_ASSETS}/echarts.min.js"></script><script src="${REPORT_ASSETS}/report.js"></script>
</body></html>`;
}

/**
 * A self-contained page of a report without scripts: charts drawn on the server as inline SVG, no
 * toolbar. The calculation tools' result page, which also works when saved to disk (下载结果).
 */
export function staticReportHtml(report: Report, chartSvg: (option: Record<string, unknown>) => string): string {
  let n = 0;
  const sections = report.sections
    .map(
      (s) =>
        `<section><h2>${escapeHtml(s.title)}</h2>${s.blocks
          .map((b) => (b.type === 'chart' ? `<figure class="chart"><figcaption>${escapeHtml(b.title)}</figcaption><div class="svg">${chartSvg(b.option)}</div></figure>` : block(b, n++, -1, () => '')))
          .join('')}</section>`,
    )
    .join('');
  const created = new Date(report.createdAt).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai', hour12: false });
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(report.title)}</title><style>${STYLE}.svg{text-align:center}.svg svg{max-width:100%;height:auto}</style></head><body>
<h1>${escapeHtml(report.title)}</h1>
<div class="meta">${escapeHtml(report.tool.name)} v${report.tool.version} · 计算于 ${escapeHtml(created)} · ${escapeHtml(report.engineVersion)}</div>
${sections}
</body></html>`;
}

/** Draws every chart of the page; served as a file so the page needs no inline script. */
export const REPORT_SCRIPT = `(function(){
  // The figure options and the function that applies them: the same code the exports run.
  var __name = function(f){ return f; };
  var PALETTES = ${JSON.stringify(PALETTES)};
  var FONTS = ${JSON.stringify(FIGURE_FONTS)};
  var DEFAULTS = ${JSON.stringify(DEFAULT_FIGURE_OPTIONS)};
  var applyFigureOptions = ${applyFigureOptions.toString()};
  var STORE_KEY = 'labstat-figure-options';
  // Risk calculators (dynamic nomograms): the same arithmetic the server used for the first answer.
  var riskPrediction = ${riskPrediction.toString()};
  document.querySelectorAll('script[data-calculator-model]').forEach(function(n){
    var id = n.getAttribute('data-calculator-model');
    var model = JSON.parse(n.textContent);
    var f = document.querySelector('form[data-calculator="' + id + '"]');
    var out = document.getElementById(id + '-out');
    if (!f || !out) return;
    function update(){
      var values = {};
      f.querySelectorAll('[data-input]').forEach(function(el){
        var input = model.inputs[Number(el.getAttribute('data-input'))];
        values[input.name] = input.type === 'numeric' ? (el.value === '' ? '' : Number(el.value)) : el.value;
      });
      var r = riskPrediction(model, values);
      out.textContent = '';
      r.outputs.forEach(function(o){
        var d = document.createElement('div'); var s = document.createElement('span'); var b = document.createElement('strong');
        s.textContent = o.label; b.textContent = isFinite(o.value) ? (o.value * 100).toFixed(1) + '%' : '—';
        d.appendChild(s); d.appendChild(b); out.appendChild(d);
      });
    }
    f.addEventListener('input', update);
    f.addEventListener('change', update);
    f.addEventListener('submit', function(e){ e.preventDefault(); });
  });
  var nodes = document.querySelectorAll('script[data-chart]');
  var charts = [];
  nodes.forEach(function(n){
    var el = document.getElementById(n.getAttribute('data-chart'));
    if (!el || !window.echarts) return;
    charts.push({ el: el, base: JSON.parse(n.textContent), chart: window.echarts.init(el, null, { renderer: 'svg' }) });
  });
  var form = document.getElementById('figure-form');
  function readForm(){
    var fo = JSON.parse(JSON.stringify(DEFAULTS));
    if (!form) return fo;
    ['palette','theme','font','legend','title','xTitle','yTitle'].forEach(function(k){ fo[k] = form.elements[k].value; });
    ['fontSize','widthMm','heightMm','pointSize','opacity'].forEach(function(k){ var v = Number(form.elements[k].value); if (isFinite(v) && form.elements[k].value !== '') fo[k] = Math.min(Number(form.elements[k].max), Math.max(Number(form.elements[k].min), v)); });
    fo.sigMarks = form.elements.sigMarks.checked;
    fo.labels = {};
    form.elements.labels.value.split(/\\n/).forEach(function(line){ var i = line.indexOf('='); if (i > 0) { var a = line.slice(0, i).trim(), b = line.slice(i + 1).trim(); if (a && b) fo.labels[a.slice(0, 100)] = b.slice(0, 100); } });
    return fo;
  }
  function writeForm(fo){
    if (!form) return;
    ['palette','theme','font','legend','title','xTitle','yTitle','fontSize','widthMm','heightMm','pointSize','opacity'].forEach(function(k){ if (fo[k] !== undefined) form.elements[k].value = fo[k]; });
    form.elements.sigMarks.checked = fo.sigMarks !== false;
    form.elements.labels.value = Object.keys(fo.labels || {}).map(function(k){ return k + '=' + fo.labels[k]; }).join('\\n');
  }
  function isDefault(fo){ return JSON.stringify(fo) === JSON.stringify(DEFAULTS); }
  function draw(){
    var fo = readForm();
    charts.forEach(function(c){
      c.el.style.aspectRatio = fo.widthMm + ' / ' + fo.heightMm;
      c.el.style.height = 'auto';
      c.el.style.maxWidth = Math.round(fo.widthMm * 96 / 25.4 * 1.25) + 'px';
      c.el.style.margin = '0 auto';
      c.chart.resize();
      c.chart.setOption(applyFigureOptions(c.base, fo, PALETTES, FONTS), true);
    });
    var q = isDefault(fo) ? '' : '?fo=' + encodeURIComponent(JSON.stringify(fo));
    document.querySelectorAll('a[data-kind]').forEach(function(a){
      var href = a.getAttribute('href').split('?')[0];
      a.setAttribute('href', a.getAttribute('data-kind') === 'xlsx' ? href : href + q);
    });
    try { if (isDefault(fo)) localStorage.removeItem(STORE_KEY); else localStorage.setItem(STORE_KEY, JSON.stringify(fo)); } catch (e) {}
  }
  try { var saved = JSON.parse(localStorage.getItem(STORE_KEY) || 'null'); if (saved) writeForm(saved); } catch (e) {}
  if (form) {
    form.addEventListener('submit', function(e){ e.preventDefault(); });
    form.addEventListener('change', draw);
    form.addEventListener('input', function(e){ if (e.target.tagName !== 'TEXTAREA' && e.target.type !== 'text') draw(); });
    document.getElementById('figure-reset').addEventListener('click', function(){ writeForm(DEFAULTS); draw(); });
  }
  draw();
  window.addEventListener('resize', function(){ charts.forEach(function(c){ c.chart.resize(); }); });

  var aiLink = document.getElementById('report-ai');
  if (aiLink && window.top === window) aiLink.hidden = false;

  // Share controls (owner only). State changes send the login token as the X-Csrftoken header.
  var bar = document.getElementById('share-bar');
  if (!bar) return;
  var base = document.body.getAttribute('data-base');
  var create = document.getElementById('share-create');
  var box = document.getElementById('share-box');
  var input = document.getElementById('share-url');
  var status = document.getElementById('share-status');
  function token(){
    var m = document.cookie.split(';').map(function(s){ return s.trim(); }).filter(function(s){ return s.indexOf('Custom-Token=') === 0; })[0];
    return m ? decodeURIComponent(m.slice('Custom-Token='.length)) : '';
  }
  function say(text, error){ status.textContent = text; status.className = error ? 'status error' : 'status'; }
  function show(path){
    if (path) { input.value = location.origin + path; box.hidden = false; create.hidden = true; }
    else { input.value = ''; box.hidden = true; create.hidden = false; }
  }
  function call(method){
    return fetch(base + '/share', { method: method, headers: { 'X-Csrftoken': token() }, credentials: 'same-origin' })
      .then(function(r){ return r.json(); })
      .then(function(body){ if (body.code !== 200) throw new Error(body.msg || '操作失败'); return body; });
  }
  show(bar.getAttribute('data-share'));
  create.addEventListener('click', function(){
    create.disabled = true;
    call('POST').then(function(b){ show(b.data.path); say(b.msg); }, function(e){ say(e.message, true); }).then(function(){ create.disabled = false; });
  });
  document.getElementById('share-revoke').addEventListener('click', function(){
    if (!window.confirm('撤销后，已发出的链接将无法再打开报告。确定撤销吗？')) return;
    call('DELETE').then(function(b){ show(null); say(b.msg); }, function(e){ say(e.message, true); });
  });
  document.getElementById('share-copy').addEventListener('click', function(){
    input.select();
    var done = function(){ say('已复制'); };
    if (navigator.clipboard) navigator.clipboard.writeText(input.value).then(done, function(){ document.execCommand('copy'); done(); });
    else { document.execCommand('copy'); done(); }
  });
})();`;
