// 获取验证码 with the 60-second countdown (spec 02 §4) and, in dev mode, the code that was "sent".
// Shared by registration/recovery (POST /smscode/) and the profile's phone change, which sends to
// its own endpoint: the caller passes `send`.
import { AccountMessages, AccountPaths, SMS_RESEND_SECONDS, type DevSmsMessage } from '@labstat/contracts';
import { Button, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { request } from '../lib/api-client';
import { useRuntime } from '../lib/site-api/runtime';
import { ui } from '../lib/ui-bridge';

/** The dev SMS provider's outbox (answered for this machine only). */
const devSmsOutbox = (account: string) => request<DevSmsMessage[]>(AccountPaths.devSmsOutbox, { query: { account }, silent: true });

export interface SmsCodeButtonProps {
  form: FormInstance;
  /** The form field holding the phone number. */
  field?: string;
  send(account: string): Promise<unknown>;
  onDevCode(code: string): void;
}

export function SmsCodeButton({ form, field = 'account', send, onDevCode }: SmsCodeButtonProps) {
  const [left, setLeft] = useState(0);
  const [pending, setPending] = useState(false);
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
    setPending(true);
    try {
      await send(account);
    } finally {
      setPending(false);
    }
    ui.message?.success(AccountMessages.smsSent);
    setLeft(SMS_RESEND_SECONDS);
    if (runtime.data?.smsProvider === 'dev') {
      const box = await devSmsOutbox(account).catch(() => []);
      if (box[0]) onDevCode(box[0].code);
    }
  };

  return (
    <Button onClick={() => void onClick().catch(() => undefined)} disabled={left > 0} loading={pending} style={{ width: 130 }} data-testid="send-sms">
      {left > 0 ? `${left}秒后重新发送` : '获取验证码'}
    </Button>
  );
}
