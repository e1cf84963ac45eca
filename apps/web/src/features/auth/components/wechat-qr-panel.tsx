// Mode 2: WeChat QR login, polled every 2 s (spec 02 §4), with the dev provider's scan button.
import { WechatQr } from '../../../components/wechat-qr';
import { getLoginQrCode, pollWechatLogin } from '../api/wechat-qrcode';

export interface WechatQrPanelProps {
  hint?: string;
  onToken(token: string): void;
  onUnbound(openid: string): void;
}

export function WechatQrPanel({ hint, onToken, onUnbound }: WechatQrPanelProps) {
  return (
    <WechatQr
      hint={hint ?? '请使用微信扫描二维码，关注公众号后登录'}
      alt="微信登录二维码"
      testId="wechat-qr-panel"
      scanTestId="dev-scan"
      fetchQr={getLoginQrCode}
      poll={pollWechatLogin}
      onAnswer={(r) => {
        if (r.status === 'WAIT') return 'wait';
        if (r.status === 'SUCCESS' && r.access_token) onToken(r.access_token);
        else onUnbound(r.openid ?? '');
      }}
    />
  );
}
