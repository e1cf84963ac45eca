// The dynamic nomogram's arithmetic (issue 22): one definition that the report page's script embeds
// (by source, like applyFigureOptions, so it must stay self-contained: no imports, no closures) and
// the server uses for the first answer, Word and Excel.
import type { RiskCalculatorModel } from './report.js';

export interface RiskPrediction {
  /** The linear predictor for these values. */
  lp: number;
  /** What the reader sees: label and probability (0–1). */
  outputs: Array<{ label: string; value: number }>;
}

/** The model's prediction for one reader's values (numbers by input name, or the chosen level). */
export function riskPrediction(model: RiskCalculatorModel, values: Record<string, number | string>): RiskPrediction {
  let lp = model.intercept;
  for (const input of model.inputs) {
    const v = values[input.name];
    if (input.type === 'numeric') {
      const x = typeof v === 'number' && isFinite(v) ? v : Number(v);
      lp += input.coef * (isFinite(x) && String(v) !== '' ? x : input.value);
    } else {
      const chosen = input.levels.find((l) => l.label === v) ?? input.levels.find((l) => l.label === input.value);
      lp += chosen ? chosen.coef : 0;
    }
  }
  if (model.kind === 'logistic') return { lp, outputs: [{ label: model.outcomeLabel, value: 1 / (1 + Math.exp(-lp)) }] };
  const hr = Math.exp(lp - (model.centre ?? 0));
  return { lp, outputs: (model.baseline ?? []).map((b) => ({ label: `${b.time} ${model.outcomeLabel}`, value: Math.pow(b.survival, hr) })) };
}

/** The defaults of every input, as the page first shows them. */
export function calculatorDefaults(model: RiskCalculatorModel): Record<string, number | string> {
  const out: Record<string, number | string> = {};
  for (const input of model.inputs) out[input.name] = input.value;
  return out;
}

/** The model written as a table (Word, Excel, the AI context): each input's coefficient, then the formula. */
export function calculatorTable(model: RiskCalculatorModel): { columns: string[]; rows: Array<Array<string | number>>; footnotes: string[] } {
  const rows: Array<Array<string | number>> = model.kind === 'logistic' ? [['截距', '', model.intercept]] : [];
  for (const input of model.inputs) {
    if (input.type === 'numeric') rows.push([input.name, `每增加 1（范围 ${input.min}–${input.max}）`, input.coef]);
    else for (const l of input.levels) rows.push([input.name, l.label, l.coef]);
  }
  const formula =
    model.kind === 'logistic'
      ? `${model.outcomeLabel} = 1 / (1 + exp(−LP))，LP = 截距 + Σ 系数 × 取值（分类变量取所选水平的系数，参照水平为 0）。`
      : `生存概率 S(t) = S0(t)^exp(LP − ${model.centre ?? 0})，LP = Σ 系数 × 取值；基线生存 S0(t)：${(model.baseline ?? []).map((b) => `t = ${b.time} 时 ${b.survival}`).join('，')}。`;
  return { columns: ['变量', '取值', '系数'], rows, footnotes: [formula] };
}
