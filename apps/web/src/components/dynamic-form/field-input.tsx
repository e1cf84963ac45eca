// One input per field type of the spec's form fields (spec 01 §3, §5): select_single, select_multi,
// input_number (min, max, step 1 by default), switch, color, otherwise plain text; a linked-field
// override may disable it or replace its options. Shared by tool detail, the calculation tools and
// the data-processing screen.
import { QuestionCircleOutlined } from '@ant-design/icons';
import type { FieldValue, FormField } from '@labstat/contracts';
import { ColorPicker, Input, InputNumber, Select, Switch, Tooltip } from 'antd';
import type { FieldOverride } from './link-rules';

export function FieldInput({ field, override, value, onChange }: { field: FormField; override?: FieldOverride; value?: FieldValue; onChange?: (v: FieldValue) => void }) {
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

/** A field's name, with its tips behind a question mark when it has any. */
export function FieldLabel({ field }: { field: FormField }) {
  return (
    <span>
      {field.name}
      {field.tips && (
        <Tooltip title={field.tips}>
          <QuestionCircleOutlined style={{ marginLeft: 4, color: '#909399' }} />
        </Tooltip>
      )}
    </span>
  );
}
