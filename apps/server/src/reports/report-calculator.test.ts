// The risk calculator block (dynamic nomogram, issue 22): the report page draws its inputs with the
// model's defaults and the first answer, escapes user names, and embeds the model for its script;
// Word, Excel and the AI context show the coefficients and formula instead.
import JSZip from 'jszip';
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { Report } from '@labstat/contracts';
import { reportDocx } from './report-docx.js';
import { REPORT_SCRIPT, reportHtml } from './report-html.js';
import { reportXlsx } from './report-xlsx.js';
import { reportMarkdown } from '../services/ai-context.js';

const report: Report = Report.parse({
  title: '列线图',
  tool: { key: 'nomogram', name: '列线图', version: 1 },
  parameters: {},
  dataFingerprint: 'x',
  engineVersion: 'test',
  createdAt: 0,
  results: {},
  sections: [
    {
      title: '动态列线图',
      blocks: [
        {
          type: 'calculator',
          title: '风险计算器',
          model: {
            kind: 'logistic',
            intercept: -2,
            inputs: [
              { type: 'numeric', name: '<img src=x onerror=alert(1)>', coef: 0.04, min: 20, max: 90, value: 50 },
              { type: 'categorical', name: '分期', levels: [{ label: 'I', coef: 0 }, { label: '</script><b>II', coef: 0.8 }], value: 'I' },
            ],
            outcomeLabel: '结局发生概率',
          },
        },
      ],
    },
  ],
});

describe('risk calculator block', () => {
  it('draws the inputs with defaults and the first answer, escaping user text', () => {
    const html = reportHtml(report, { base: '/r/x', share: null });
    expect(html).toContain('data-testid="risk-calculator"');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('</script><b>');
    // −2 + 0.04 × 50 = 0 → 50.0%
    expect(html).toMatch(/结局发生概率<\/span><strong>50\.0%<\/strong>/);
    expect(html).toContain('type="number" data-input="0" min="20" max="90" step="any" value="50"');
    // The model travels as JSON the script reads; the script carries the same arithmetic.
    const json = /<script type="application\/json" data-calculator-model="calc-0">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(json!).intercept).toBe(-2);
    expect(REPORT_SCRIPT).toContain('var riskPrediction = function riskPrediction');
  });

  it('becomes a coefficient table in Word, Excel and the AI context', async () => {
    const docx = await reportDocx(report, () => {
      throw new Error('no charts here');
    });
    const xml = await (await JSZip.loadAsync(docx)).file('word/document.xml')!.async('string');
    expect(xml).toContain('风险计算器');
    expect(xml).toContain('每增加 1（范围 20–90）');
    const wb = XLSX.read(reportXlsx(report));
    const sheet = wb.Sheets[wb.SheetNames[1]!]!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1 });
    expect(rows).toContainEqual(['截距', '', -2]);
    expect(reportMarkdown(report)).toContain('| 分期 | </script><b>II | 0.8 |');
  });
});
