// The 操作原因 field of money-related and account actions: required and limited as the server's
// schema (OpsBatchVoid.reason) is, or optional where the server keeps it optional.
import { OpsBatchVoid } from '@labstat/contracts';
import { Form, Input } from 'antd';
import { zodRule } from './zod-rule';

export const REASON_MAX = 300;

export function ReasonField({ required = true, placeholder }: { required?: boolean; placeholder?: string }) {
  return (
    <Form.Item
      name="reason"
      label="操作原因"
      required={required}
      rules={required ? [zodRule(OpsBatchVoid.shape.reason, '请填写操作原因')] : []}
      extra={required ? '涉及会员、金额或账号的操作必须填写原因，将记入操作日志' : '选填，将记入操作日志'}
    >
      <Input.TextArea rows={2} maxLength={REASON_MAX} showCount placeholder={placeholder ?? '例如：用户来电申请、活动补偿…'} data-testid="ops-reason" />
    </Form.Item>
  );
}
