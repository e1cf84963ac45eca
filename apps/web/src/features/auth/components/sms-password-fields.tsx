// The phone, SMS code, password and confirmation fields shared by registration and recovery.
import { Alert, Form, Input, Space, type FormInstance } from 'antd';
import { useState } from 'react';
import { SmsCodeButton } from '../../../components/sms-code-button';
import { sendSmsCode } from '../api/sms-code';
import { checkPassRules, codeRules, newPasswordRules, phoneRules } from './form-rules';
import { PasswordInput } from './password-input';

export interface SmsPasswordFieldsProps {
  form: FormInstance;
  phonePlaceholder: string;
  passwordLabel: string;
  checkPlaceholder: string;
}

export function SmsPasswordFields({ form, phonePlaceholder, passwordLabel, checkPlaceholder }: SmsPasswordFieldsProps) {
  const [devCode, setDevCode] = useState<string | null>(null);
  return (
    <>
      <Form.Item name="account" label="手机号" rules={phoneRules}>
        <Input placeholder={phonePlaceholder} maxLength={20} autoComplete="tel" />
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="smscode" rules={codeRules} noStyle>
            <Input placeholder="短信验证码" maxLength={6} />
          </Form.Item>
          <SmsCodeButton form={form} send={sendSmsCode} onDevCode={setDevCode} />
        </Space.Compact>
      </Form.Item>
      {devCode && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`开发模式：短信未真实发送，验证码为 ${devCode}`} data-testid="dev-sms-code" />
      )}
      <Form.Item name="password" label={passwordLabel} rules={newPasswordRules}>
        <PasswordInput placeholder="至少6位" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="checkPass" label="确认密码" dependencies={['password']} rules={checkPassRules}>
        <PasswordInput placeholder={checkPlaceholder} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
