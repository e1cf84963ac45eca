// Linked-field rules (spec 01 §4): when a field changes, every rule whose key equals the new value
// (compared as strings) gives its target field a disabled flag, an option list or a value.
import type { FieldOption, FieldValue, FormField } from '@labstat/contracts';

export interface FieldOverride {
  disabled?: boolean;
  option?: FieldOption[];
}

export interface LinkEffect {
  overrides: Record<string, FieldOverride>;
  values: Record<string, FieldValue>;
}

export function applyLinkRules(field: FormField, value: FieldValue): LinkEffect {
  const key = Array.isArray(value) ? value.join(',') : String(value);
  const out: LinkEffect = { overrides: {}, values: {} };
  for (const link of field.link_item) {
    const o: FieldOverride = {};
    const { disabled, option, value: values } = link.rule;
    if (disabled && key in disabled) o.disabled = disabled[key];
    if (option && key in option) o.option = option[key];
    if (values && key in values) out.values[link.id] = values[key]!;
    if (Object.keys(o).length > 0) out.overrides[link.id] = { ...out.overrides[link.id], ...o };
  }
  return out;
}

/** The effect of every field's current value, in field order, as the form starts. */
export function initialLinkEffect(fields: readonly FormField[], values: Record<string, FieldValue>): LinkEffect {
  const out: LinkEffect = { overrides: {}, values: {} };
  for (const f of fields) {
    const e = applyLinkRules(f, values[f.filed] ?? f.value);
    for (const [k, v] of Object.entries(e.overrides)) out.overrides[k] = { ...out.overrides[k], ...v };
  }
  return out;
}
