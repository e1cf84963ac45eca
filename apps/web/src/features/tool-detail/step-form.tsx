// The dynamic form of the form steps (spec 01 §2–§5): groups with their name in two columns, every
// field type, `props` limits (step 1 by default), tips, and linked-field rules.
import { QuestionCircleOutlined } from '@ant-design/icons';
import type { FieldValue, FormField, Step } from '@labstat/contracts';
import { ColorPicker, Col, Form, Input, InputNumber, Row, Select, Switch, Tooltip, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { applyLinkRules, initialLinkEffect, type FieldOverride } from './link-rules';

function FieldInput({ field, override, value, onChange }: { field: FormField; override?: FieldOverride; value?: FieldValue; onChange?: (v: FieldValue) => void }) {
  const disabled = override?.disabled ?? field.disabled;
  const options = (override?.option ?? field.option).map((o) => ({ label: o.lable, value: o.value as string | number }));
  switch (field.type) {
    case 'select_single':
      return (
        <Select
          value={value === '' || value === null ? undefined : (value as string | number)}
          onChange={(v) => onChange?.(v ?? '')}
          options={options}
          disabled={disabled}
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder="请选择"
          notFoundContent="请先选择数据文件"
        />
      );
    case 'select_multi':
      return (
        <Select
          mode="multiple"
          value={Array.isArray(value) ? value : []}
          onChange={(v) => onChange?.(v)}
          options={options}
          disabled={disabled}
          allowClear
          optionFilterProp="label"
          placeholder="请选择（可多选）"
          notFoundContent="请先选择数据文件"
        />
      );
    case 'input_number':
      return (
        <InputNumber
          value={typeof value === 'number' ? value : null}
          onChange={(v) => onChange?.(v)}
          min={field.props.min}
          max={field.props.max}
          step={field.props.step ?? 1}
          disabled={disabled}
          style={{ width: '100%' }}
        />
      );
    case 'switch':
      return <Switch checked={value === true} onChange={(v) => onChange?.(v)} disabled={disabled} />;
    case 'color':
      return <ColorPicker value={typeof value === 'string' ? value : undefined} onChange={(c) => onChange?.(c.toHexString())} disabled={disabled} showText />;
    default:
      return <Input value={value === null || value === undefined ? '' : String(value)} onChange={(e) => onChange?.(e.target.value)} disabled={disabled} maxLength={500} />;
  }
}

/**
 * One form for all form steps of a tool (field keys are unique within a tool), so values survive
 * moving between steps; only the active step is shown.
 */
export function ToolForm({ steps, fieldsOf, activeStep, form }: { steps: Step[]; fieldsOf: (step: Step) => FormField[]; activeStep: number; form: FormInstance }) {
  const [overrides, setOverrides] = useState<Record<string, FieldOverride>>({});
  const all = steps.flatMap((s) => fieldsOf(s));
  const signature = JSON.stringify(all.map((f) => [f.id, f.value, f.option.length]));
  useEffect(() => {
    const values: Record<string, FieldValue> = {};
    for (const f of all) values[f.filed] = f.value;
    form.setFieldsValue(values);
    setOverrides(initialLinkEffect(all, values).overrides);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, form]);

  const onValuesChange = (changed: Record<string, FieldValue>) => {
    for (const [filed, value] of Object.entries(changed)) {
      const f = all.find((x) => x.filed === filed);
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

  return (
    <Form form={form} layout="vertical" onValuesChange={onValuesChange} requiredMark={false}>
      {steps.map((step) => {
        const fields = fieldsOf(step);
        const groups = step.group.length > 0 ? step.group : [{ group_name: step.name, group_ids: fields.map((f) => f.id) }];
        return (
          <div key={step.id} style={{ display: step.id === activeStep ? undefined : 'none' }} data-testid={`step-form-${step.id}`}>
            {groups.map((g) => (
              <div key={g.group_name}>
                <Typography.Title level={5} style={{ marginTop: 4 }}>
                  {g.group_name}
                </Typography.Title>
                <Row gutter={12}>
                  {g.group_ids
                    .map((id) => fields.find((f) => f.id === id))
                    .filter((f): f is FormField => !!f)
                    .map((f) => (
                      <Col span={12} key={f.id}>
                        <Form.Item
                          name={f.filed}
                          label={
                            <span>
                              {f.name}
                              {f.tips && (
                                <Tooltip title={f.tips}>
                                  <QuestionCircleOutlined style={{ marginLeft: 4, color: '#909399' }} />
                                </Tooltip>
                              )}
                            </span>
                          }
                        >
                          <FieldInput field={f} override={overrides[f.filed]} />
                        </Form.Item>
                      </Col>
                    ))}
                </Row>
              </div>
            ))}
          </div>
        );
      })}
    </Form>
  );
}
