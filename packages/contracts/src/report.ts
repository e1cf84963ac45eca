// The Report (DESIGN §5) and the form fields of tool steps (spec 01 §3), shared by tools, server
// and web. Field names follow the spec, misspellings included (`filed`, `lable`).
import { z } from 'zod';

export const FieldType = z.enum(['select_single', 'select_multi', 'input_number', 'switch', 'color', 'input']);
export type FieldType = z.infer<typeof FieldType>;

export const FieldOption = z.object({ lable: z.string(), value: z.union([z.string(), z.number(), z.boolean()]) });
export type FieldOption = z.infer<typeof FieldOption>;

export const FieldValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()])), z.null()]);
export type FieldValue = z.infer<typeof FieldValue>;

/**
 * A linked-field rule (spec 01 §3–§4): when the field holding it changes, the field `id` (a
 * `filed` key) takes the disabled flag, option list or value listed under the new value (as a string).
 */
export const LinkItem = z.object({
  id: z.string(),
  rule: z.object({
    disabled: z.record(z.string(), z.boolean()).optional(),
    option: z.record(z.string(), z.array(FieldOption)).optional(),
    value: z.record(z.string(), FieldValue).optional(),
  }),
});
export type LinkItem = z.infer<typeof LinkItem>;

export const FormField = z.object({
  id: z.number().int(),
  /** The field key the submission uses. */
  filed: z.string(),
  name: z.string(),
  type: FieldType,
  value: FieldValue,
  option: z.array(FieldOption),
  tips: z.string(),
  disabled: z.boolean(),
  props: z.object({ min: z.number().optional(), max: z.number().optional(), step: z.number().optional() }).partial(),
  link_item: z.array(LinkItem),
});
export type FormField = z.infer<typeof FormField>;

export const ReportCell = z.union([z.string(), z.number(), z.null()]);

/**
 * A fitted model a reader can evaluate on the report page (the dynamic nomogram's risk calculator):
 * linear predictor = intercept + Σ coef × value (numeric inputs) or the chosen level's coefficient
 * (categorical inputs, reference 0). Logistic: risk = 1 / (1 + e^−lp). Cox: survival at each time
 * = S0(t)^exp(lp − centre), shown as the survival probability and the event risk 1 − S.
 */
export const RiskCalculatorModel = z.object({
  kind: z.enum(['logistic', 'cox']),
  intercept: z.number(),
  inputs: z.array(
    z.union([
      z.object({ type: z.literal('numeric'), name: z.string(), coef: z.number(), min: z.number(), max: z.number(), value: z.number() }),
      z.object({ type: z.literal('categorical'), name: z.string(), levels: z.array(z.object({ label: z.string(), coef: z.number() })), value: z.string() }),
    ]),
  ),
  /** Cox: the centring constant of the linear predictor and the baseline survival at chosen times. */
  centre: z.number().optional(),
  baseline: z.array(z.object({ time: z.number(), survival: z.number() })).optional(),
  /** What the output is called, e.g. 结局发生概率 or 3 年生存率. */
  outcomeLabel: z.string(),
});
export type RiskCalculatorModel = z.infer<typeof RiskCalculatorModel>;

export const ReportBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), markdown: z.string() }),
  z.object({
    type: z.literal('table'),
    title: z.string(),
    columns: z.array(z.string()),
    rows: z.array(z.array(ReportCell)),
    footnotes: z.array(z.string()),
  }),
  z.object({ type: z.literal('chart'), title: z.string(), option: z.record(z.string(), z.unknown()) }),
  z.object({ type: z.literal('image'), title: z.string(), src: z.string(), alt: z.string() }),
  /** Source code shown verbatim, e.g. the R script that reproduces the report (可复现R代码). */
  z.object({ type: z.literal('code'), language: z.string(), code: z.string() }),
  /** An interactive risk calculator on the report page; Word and Excel show its inputs and coefficients as a table. */
  z.object({ type: z.literal('calculator'), title: z.string(), model: RiskCalculatorModel }),
]);
export type ReportBlock = z.infer<typeof ReportBlock>;

export const ReportSection = z.object({ title: z.string(), blocks: z.array(ReportBlock) });
export type ReportSection = z.infer<typeof ReportSection>;

export const Report = z.object({
  title: z.string(),
  tool: z.object({ key: z.string(), name: z.string(), version: z.number().int() }),
  parameters: z.record(z.string(), FieldValue),
  /** sha256 of the data file the report was computed from. */
  dataFingerprint: z.string(),
  engineVersion: z.string(),
  createdAt: z.number().int(),
  sections: z.array(ReportSection),
  /** Headline numbers under stable names (statistic, df, p, effect sizes, CIs) for the AI chat and tests. */
  results: z.record(z.string(), z.union([z.number(), z.string(), z.null()])),
});
export type Report = z.infer<typeof Report>;
