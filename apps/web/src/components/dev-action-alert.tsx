// The 开发模式 / 沙箱支付 strip shown beside a QR when an offline dev provider stands in for WeChat
// (模拟扫码 on the login and bind QRs, 模拟支付 on the sandbox pay QR). Refusals of the dev call were
// already shown by the API client, so a failure only ends the button's spinner.
import { Alert, Button, Tag } from 'antd';
import { useState, type ReactNode } from 'react';

export interface DevActionAlertProps {
  /** The orange tag before the text, e.g. 开发模式. */
  tag: string;
  children: ReactNode;
  /** The button's label, e.g. 模拟扫码. */
  label: string;
  disabled?: boolean;
  testId: string;
  onAction(): Promise<unknown>;
}

export function DevActionAlert({ tag, children, label, disabled, testId, onAction }: DevActionAlertProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await onAction();
    } catch {
      /* shown by the API client */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      style={{ marginTop: 16, textAlign: 'left' }}
      type="warning"
      showIcon
      title={
        <span>
          <Tag color="orange">{tag}</Tag>
          {children}
        </span>
      }
      action={
        <Button size="small" loading={busy} disabled={disabled} onClick={() => void run()} data-testid={testId}>
          {label}
        </Button>
      }
    />
  );
}
