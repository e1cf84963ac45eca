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
