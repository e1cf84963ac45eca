// Mode 3: password recovery by SMS code.
import { Button, Form } from 'antd';
import { ui } from '../../../lib/ui-bridge';
import { useResetPassword } from '../api/reset-password';
import { SmsPasswordFields } from './sms-password-fields';

interface Values {
  account: string;
  smscode: string;
  password: string;
  checkPass: string;
}

export function RecoverForm({ onDone }: { onDone(): void }) {
  const [form] = Form.useForm<Values>();
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
      <SmsPasswordFields form={form} phonePlaceholder="注册时使用的手机号" passwordLabel="新密码" checkPlaceholder="再次输入新密码" />
      <Button type="primary" htmlType="submit" block size="large" loading={reset.isPending}>
        重置密码
      </Button>
    </Form>
  );
}
