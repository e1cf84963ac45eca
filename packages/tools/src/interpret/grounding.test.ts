import type { Report } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { ungroundedNumbers } from './grounding.js';

const report: Report = {
  title: '独立样本t检验：治疗后收缩压 ~ 组别',
  tool: { key: 'ttest-independent', name: '独立样本t检验', version: 1 },
  parameters: { group: '组别' },
  dataFingerprint: 'x',
  engineVersion: '0',
  createdAt: 0,
  sections: [
    {
      title: '结果',
      blocks: [
        { type: 'table', title: '表1', columns: ['组别', 'n', '均值'], rows: [['对照组', 60, 145.85], ['试验组', 60, 139.47]], footnotes: ['排除 2 例缺失'] },
        { type: 'text', markdown: 't = 2.383，P = 0.019，95%CI 1.078 ~ 11.688' },
      ],
    },
  ],
  results: { statistic: 2.382736523916977, p: 0.018781714536730856, sensitivity: 0.6341463414634146, tiny: 1.8796384759248486e-25, big: 12345.6789, neg: -0.7145 },
};

describe('ungroundedNumbers', () => {
  it('accepts numbers the report prints or computes, rounded as written', () => {
    const text = 't = 2.383（2.38 或 2.4），P = 0.019，均值 145.85 与 139.47，CI 1.078 ~ 11.688，敏感度 63.4%（0.634），P = 1.88e-25，合计 12,345.68，差值 −0.71';
    expect(ungroundedNumbers(text, report)).toEqual([]);
  });

  it('accepts small counts, conventional levels and benchmarks', () => {
    expect(ungroundedNumbers('第 1 组与第 2 组，P < 0.05，95% 置信区间，效应量 0.5 为中等，ICC 0.75 以上良好', report)).toEqual([]);
  });

  it('marks numbers the report does not contain', () => {
    expect(ungroundedNumbers('t = 2.91，P = 0.004，均值 150.2，敏感度 82.5%，样本量 60 人', report)).toEqual(['2.91', '0.004', '150.2', '82.5%']);
  });

  it('does not read names, dates joined by hyphens or words as numbers', () => {
    expect(ungroundedNumbers('P25 与 P75、CD4 计数、ICC2 形式', report)).toEqual([]);
  });
});
