// The dynamic form of the form steps (spec 01 §2–§5): groups with their name in two columns, every
// field type, `props` limits (step 1 by default), tips, and linked-field rules.
import type { FormField, Step } from '@labstat/contracts';
import { Col, Form, Row, Typography } from 'antd';
import type { FormInstance } from 'antd';
import { FieldInput, FieldLabel } from '../../components/dynamic-form/field-input';
import { useLinkRules } from '../../components/dynamic-form/use-link-rules';

/**
 * One form for all form steps of a tool (field keys are unique within a tool), so values survive
 * moving between steps; only the active step is shown.
 */
export function ToolForm({ steps, fieldsOf, activeStep, form }: { steps: Step[]; fieldsOf: (step: Step) => FormField[]; activeStep: number; form: FormInstance }) {
  const all = steps.flatMap((s) => fieldsOf(s));
  const { overrides, onValuesChange } = useLinkRules(all, form);

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
                          label={<FieldLabel field={f} />}
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
