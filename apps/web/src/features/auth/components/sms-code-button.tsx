// 获取验证码 with the 60-second countdown (spec 02 §4) and, in dev mode, the code that was "sent".
import { AccountMessages, SMS_RESEND_SECONDS } from '@labstat/contracts';
import { Button, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime } from '../../../lib/site-api/runtime';
import { ui } from '../../../lib/ui-bridge';
import { devSmsOutbox } from '../api/dev-tools';
import { useSendSmsCode } from '../api/sms-code';

export function SmsCodeButton({ form, field = 'account', onDevCode }: { form: FormInstance; field?: string; onDevCode(code: string): void }) {
  const [left, setLeft] = useState(0);
  const send = useSendSmsCode();
  const runtime = useRuntime();

  useEffect(() => {
    if (left <= 0) return;
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left]);

  const onClick = async () => {
    const account = String(form.getFieldValue(field) ?? '').trim();
    if (!account) {
      ui.message?.warning(AccountMessages.smsPhoneRequired);
      return;
    }
    if (left > 0) {
      ui.message?.warning(AccountMessages.smsTooSoon);
      return;
    }
    await send.mutateAsync(account);
    ui.message?.success(AccountMessages.smsSent);
    setLeft(SMS_RESEND_SECONDS);
    if (runtime.data?.smsProvider === 'dev') {
      const box = await devSmsOutbox(account).catch(() => []);
      if (box[0]) onDevCode(box[0].code);
    }
  };

  return (
    <Button onClick={() => void onClick().catch(() => undefined)} disabled={left > 0} loading={send.isPending} style={{ width: 130 }} data-testid="send-sms">
      {left > 0 ? `${left}秒后重新发送` : '获取验证码'}
    </Button>
  );
}
