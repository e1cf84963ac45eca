// WeChat binding (spec 02 §4): the bind QR, polled every 2 s — WAIT keeps polling, SUCCESS shows
// 绑定成功 and reloads the page; any other answer asks for a fresh QR. In dev mode 模拟扫码 scans it.
import { CommerceMessages } from '@labstat/contracts';
import { Modal } from 'antd';
import { WechatQr } from '../../../components/wechat-qr';
import { checkWechatBind } from '../../../lib/commerce-api/bind-check';
import { fetchBindQrCode } from '../../../lib/commerce-api/bind-qrcode';
import { ui } from '../../../lib/ui-bridge';

export function WechatBindDialog({ open, bound, onClose }: { open: boolean; bound: boolean; onClose(): void }) {
  const onBound = () => {
    ui.message?.success(CommerceMessages.bindOk);
    onClose();
    setTimeout(() => window.location.reload(), 800);
  };
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={bound ? '修改绑定微信' : '绑定微信'} width={380} destroyOnHidden>
      {open && (
        <WechatQr
          hint="请使用要绑定的微信扫描二维码"
          alt="微信绑定二维码"
          testId="bind-qr"
          scanTestId="dev-bind-scan"
          fetchQr={fetchBindQrCode}
          poll={checkWechatBind}
          onAnswer={(status) => {
            if (status === 'WAIT') return 'wait';
            if (status !== 'SUCCESS') return 'expired';
            onBound();
          }}
        />
      )}
    </Modal>
  );
}
