// Mode 4: registration — needs the openid from the QR flow, an SMS code, a password, optional invite code.
import { AccountMessages } from '@labstat/contracts';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { ui } from '../../../lib/ui-bridge';
import { useSignup } from '../api/signup';
import { checkPassRules, codeRules, passwordRules, phoneRules } from './form-rules';
import { PasswordInput } from './password-input';
import { SmsCodeButton } from './sms-code-button';

interface Values {
  account: string;
  smscode: string;
  password: string;
  checkPass: string;
  signupCode?: string;
}

export function RegisterForm({ openid, inviteCode, onToken }: { openid: string; inviteCode: string | null; onToken(t: string): void }) {
  const [form] = Form.useForm<Values>();
  const [devCode, setDevCode] = useState<string | null>(null);
  const signup = useSignup();
  const onFinish = async (v: Values) => {
    if (!openid) {
      ui.message?.error({ content: AccountMessages.openidRequired, duration: 5 });
      return;
    }
    const data = await signup
      .mutateAsync({
        account: v.account.trim(),
        smscode: v.smscode.trim(),
        password: v.password,
        checkPass: v.checkPass,
        openid,
        signupCode: v.signupCode?.trim() || null,
      })
      .catch(() => null);
    if (data) {
      ui.message?.success(AccountMessages.signupOk);
      onToken(data.access_token);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={onFinish} initialValues={{ signupCode: inviteCode ?? '' }} data-testid="register-form">
      {openid ? (
        <Alert type="success" showIcon title="已扫码关注公众号，请完善注册信息" style={{ marginBottom: 16 }} />
      ) : (
        <Alert type="warning" showIcon title={AccountMessages.openidRequired} style={{ marginBottom: 16 }} />
      )}
      <Form.Item name="account" label="手机号" rules={phoneRules}>
        <Input placeholder="请输入手机号" maxLength={20} autoComplete="tel" />
      </Form.Item>
      <Form.Item label="验证码" required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item name="smscode" rules={codeRules} noStyle>
            <Input placeholder="短信验证码" maxLength={6} />
          </Form.Item>
          <SmsCodeButton form={form} onDevCode={setDevCode} />
        </Space.Compact>
      </Form.Item>
      {devCode && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={`开发模式：短信未真实发送，验证码为 ${devCode}`} data-testid="dev-sms-code" />}
      <Form.Item name="password" label="密码" rules={passwordRules}>
        <PasswordInput placeholder="至少6位" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="checkPass" label="确认密码" dependencies={['password']} rules={checkPassRules}>
        <PasswordInput placeholder="再次输入密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="signupCode" label="邀请码（选填）">
        <Input placeholder="没有可不填" readOnly={!!inviteCode} maxLength={32} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={signup.isPending}>
        注册
      </Button>
    </Form>
  );
}
