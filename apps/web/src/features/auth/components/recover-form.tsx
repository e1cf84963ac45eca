// Mode 3: password recovery by SMS code.
import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { ui } from '../../../lib/ui-bridge';
import { useResetPassword } from '../api/reset-password';
import { checkPassRules, codeRules, passwordRules, phoneRules } from './form-rules';
import { PasswordInput } from './password-input';
import { SmsCodeButton } from './sms-code-button';

interface Values {
  account: string;
  smscode: string;
  password: string;
  checkPass: string;
}

export function RecoverForm({ onDone }: { onDone(): void }) {
  const [form] = Form.useForm<Values>();
  const [devCode, setDevCode] = useState<string | null>(null);
  const reset = useResetPassword();
  const onFinish = async (v: Values) => {
    const env = await reset
      .mutateAsync({ account: v.account.trim(), smscode: v.smscode.trim(), password: v.password, checkPass: v.checkPass })
      .catch(() => null);
    if (env) {
      ui.message?.success(env.msg);
      onDone();
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} data-testid="recover-form">
      <Form.Item name="account" label="手机号" rules={phoneRules}>
        <Input placeholder="注册时使用的手机号" maxLength={20} autoComplete="tel" />
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="smscode" rules={codeRules} noStyle>
            <Input placeholder="短信验证码" maxLength={6} />
          </Form.Item>
          <SmsCodeButton form={form} onDevCode={setDevCode} />
        </Space.Compact>
      </Form.Item>
      {devCode && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`开发模式：短信未真实发送，验证码为 ${devCode}`} />}
      <Form.Item name="password" label="新密码" rules={passwordRules}>
        <PasswordInput placeholder="至少6位" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="checkPass" label="确认密码" dependencies={['password']} rules={checkPassRules}>
        <PasswordInput placeholder="再次输入新密码" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
        重置密码
      </Button>
    </Form>
  );
}
