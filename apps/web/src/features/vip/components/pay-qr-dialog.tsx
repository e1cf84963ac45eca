// The payment QR (spec 02 §2, §9): 140 px, the price, 二维码有效时间为30分钟; with the sandbox provider
// a 模拟支付 button beside it completes the order offline (like 模拟扫码 on the login page).
import { CommerceMessages, PAY_QR_MINUTES, PAY_QR_SIZE, TIER_NAMES } from '@labstat/contracts';
import { Button, Modal, Result, Typography } from 'antd';
import { DevActionAlert } from '../../../components/dev-action-alert';
import { devPaySimulate, isSandboxPayUrl } from '../../../lib/commerce-api/dev-tools';
import type { CurrentOrder, PayPhase } from '../use-pay-order';
import { QrImage } from './qr-image';

export interface PayQrDialogProps {
  current: CurrentOrder | null;
  phase: PayPhase;
  error: string;
  renewing: boolean;
  onRenew(): void;
  onClose(): void;
}

export function PayQrDialog({ current, phase, error, renewing, onRenew, onClose }: PayQrDialogProps) {
  const pay = current?.pay;
  const sandbox = !!pay && isSandboxPayUrl(pay.code_url);
  const qrText = pay ? new URL(pay.code_url, window.location.origin).href : '';
  const tier = current?.plan === 'advanced' ? TIER_NAMES.svip : TIER_NAMES.vip;
  return (
    <Modal open={!!current} onCancel={onClose} footer={null} width={420} title="微信扫码支付" destroyOnHidden maskClosable={false} data-testid="pay-dialog">
      {current && pay && (
        <div style={{ textAlign: 'center' }}>
          <Typography.Paragraph style={{ marginBottom: 4 }}>
            {tier} · {current.product.display_p}
          </Typography.Paragraph>
          <div style={{ color: '#F56C6C', fontSize: 28, fontWeight: 600 }} data-testid="pay-price">
            ￥{Number.isInteger(current.product.money) ? current.product.money : current.product.money.toFixed(2)}
          </div>
          {phase === 'waiting' ? (
            <>
              <div style={{ margin: '12px 0', padding: 8, border: '1px solid #ebeef5', borderRadius: 6, display: 'inline-block' }}>
                <QrImage text={qrText} size={PAY_QR_SIZE} alt="支付二维码" />
              </div>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 4 }}>
                请使用微信扫一扫完成支付
              </Typography.Paragraph>
              <Typography.Paragraph type="secondary">二维码有效时间为{PAY_QR_MINUTES}分钟</Typography.Paragraph>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                订单号：{pay.order}
              </Typography.Text>
            </>
          ) : (
            <Result
              status={phase === 'error' ? 'error' : 'warning'}
              title={phase === 'error' ? error || CommerceMessages.orderUnknown : phase === 'expired' ? CommerceMessages.orderExpired : '订单已关闭，请重新下单'}
              extra={
                <Button type="primary" loading={renewing} onClick={onRenew} data-testid="pay-renew">
                  重新生成二维码
                </Button>
              }
            />
          )}
          {sandbox && phase === 'waiting' && (
            <DevActionAlert tag="沙箱支付" label="模拟支付" testId="dev-pay" onAction={() => devPaySimulate(pay.order)}>
              未接入真实微信支付，点击“模拟支付”代替手机扫码付款。
            </DevActionAlert>
          )}
        </div>
      )}
    </Modal>
  );
}
