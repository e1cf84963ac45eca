// Offline WeChat: the QR encodes the login key; a scan is simulated with POST /dev/wechat/scan.
import QRCode from 'qrcode';
import type { WechatProvider } from './wechat-provider.js';

export class DevWechatProvider implements WechatProvider {
  readonly name = 'dev';
  readonly isDev = true;

  loginQrImage(logkey: string): Promise<string> {
    return QRCode.toDataURL(`labstat-dev-wechat-login:${logkey}`, { margin: 1, width: 220 });
  }
}
