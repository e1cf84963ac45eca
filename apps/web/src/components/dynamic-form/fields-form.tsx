// A dynamic form over one flat field list (the calculation tools' and processing methods' params):
// every field type, tips, `props` limits and link_item rules, in one or two columns.
import type { FieldValue, FormField } from '@labstat/contracts';
import { Col, Empty, Form, Row, type FormInstance } from 'antd';
import { FieldInput, FieldLabel } from './field-input';
import { useLinkRules } from './use-link-rules';

export function FieldsForm({ fields, form, columns = 1, empty = '无需设置参数' }: { fields: readonly FormField[]; form: FormInstance; columns?: 1 | 2; empty?: string }) {
  const { overrides, onValuesChange } = useLinkRules(fields, form);
  return (
    <Form form={form} layout="vertical" onValuesChange={onValuesChange} requiredMark={false} data-testid="fields-form">
      {fields.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        <Row gutter={12}>
          {fields.map((f) => (
            <Col span={24 / columns} key={f.id} data-testid={`field-${f.filed}`}>
              <Form.Item name={f.filed} label={<FieldLabel field={f} />} style={{ marginBottom: 12 }}>
                <FieldInput field={f} override={overrides[f.filed]} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      )}
    </Form>
  );
}

/** The values of exactly these fields (defaults where untouched), for a submission body. */
export function fieldValues(fields: readonly FormField[], form: FormInstance): Record<string, FieldValue> {
  const values = form.getFieldsValue(true) as Record<string, FieldValue | undefined>;
  return Object.fromEntries(fields.map((f) => [f.filed, values[f.filed] ?? f.value]));
}
