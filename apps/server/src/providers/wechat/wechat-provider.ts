// What the server needs from WeChat: a QR image for a login key. The scan itself reaches the
// server through the provider's callback (a webhook for the real platform, POST /dev/wechat/scan in dev).
export interface WechatProvider {
  readonly name: string;
  readonly isDev: boolean;
  /** An image (URL or data URL) the user scans to log in with `logkey`. */
  loginQrImage(logkey: string): Promise<string>;
}
