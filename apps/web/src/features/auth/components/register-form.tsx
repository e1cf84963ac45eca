// Mode 4: registration — needs the openid from the QR flow, an SMS code, a password, optional invite code.
import { AccountMessages } from '@labstat/contracts';
import { Alert, Button, Form, Input } from 'antd';
import { ui } from '../../../lib/ui-bridge';
import { useSignup } from '../api/signup';
import { SmsPasswordFields } from './sms-password-fields';

interface Values {
  account: string;
  smscode: string;
  password: string;
  checkPass: string;
  signupCode?: string;
}

export function RegisterForm({ openid, inviteCode, onToken }: { openid: string; inviteCode: string | null; onToken(t: string): void }) {
  const [form] = Form.useForm<Values>();
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
      <SmsPasswordFields form={form} phonePlaceholder="请输入手机号" passwordLabel="密码" checkPlaceholder="再次输入密码" />
      <Form.Item name="signupCode" label="邀请码（选填）">
        <Input placeholder="没有可不填" readOnly={!!inviteCode} maxLength={32} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={signup.isPending}>
        注册
      </Button>
    </Form>
  );
}
