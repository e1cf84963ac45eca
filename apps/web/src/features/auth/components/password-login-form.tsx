// Mode 1: phone and password.
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useLogin } from '../api/login';
import { phoneRules, passwordRules } from './form-rules';
import { PasswordInput } from './password-input';

export function PasswordLoginForm({ onToken }: { onToken(token: string): void }) {
  const login = useLogin();
  const onFinish = async (v: { username: string; password: string }) => {
    const data = await login.mutateAsync({ username: v.username.trim(), password: v.password }).catch(() => null);
    if (data) onToken(data.access_token);
  };
  return (
    <Form layout="vertical" size="large" onFinish={onFinish} autoComplete="on" data-testid="password-login-form">
      <Form.Item name="username" rules={phoneRules}>
        <Input prefix={<MobileOutlined />} placeholder="手机号" autoComplete="username" maxLength={20} />
      </Form.Item>
      <Form.Item name="password" rules={passwordRules}>
        <PasswordInput prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={login.isPending}>
        登录
      </Button>
    </Form>
  );
}
