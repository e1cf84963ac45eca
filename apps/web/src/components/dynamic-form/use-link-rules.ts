// The state every dynamic form shares: when the field list changes (another tool, another file) the
// form takes the fields' default values and their starting link_item effects; when a field changes
// its rules disable, re-option or set the fields they name (spec 01 §4).
import type { FieldValue, FormField } from '@labstat/contracts';
import type { FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { applyLinkRules, initialLinkEffect, type FieldOverride } from './link-rules';

/** What identifies a field list for resetting: ids, defaults and option counts. */
export const fieldsSignature = (fields: readonly FormField[]) => JSON.stringify(fields.map((f) => [f.id, f.filed, f.value, f.option.length]));

export function useLinkRules(fields: readonly FormField[], form: FormInstance) {
  const [overrides, setOverrides] = useState<Record<string, FieldOverride>>({});
  const signature = fieldsSignature(fields);
  useEffect(() => {
    const values: Record<string, FieldValue> = {};
    for (const f of fields) values[f.filed] = f.value;
    form.setFieldsValue(values);
    setOverrides(initialLinkEffect(fields, values).overrides);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, form]);

  const onValuesChange = (changed: Record<string, FieldValue>) => {
    for (const [filed, value] of Object.entries(changed)) {
      const f = fields.find((x) => x.filed === filed);
      if (!f || f.link_item.length === 0) continue;
      const effect = applyLinkRules(f, value);
      setOverrides((o) => {
        const next = { ...o };
        for (const [k, v] of Object.entries(effect.overrides)) next[k] = { ...next[k], ...v };
        return next;
      });
      if (Object.keys(effect.values).length > 0) form.setFieldsValue(effect.values);
    }
  };
  return { overrides, onValuesChange };
}
