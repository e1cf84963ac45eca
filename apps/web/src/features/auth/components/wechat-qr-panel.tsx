// Mode 2: WeChat QR login, polled every 2 s (spec 02 §4), with the dev provider's scan button.
import { QR_POLL_MS, type QrCodeData } from '@labstat/contracts';
import { Alert, Button, Spin, Tag } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useRuntime } from '../../../lib/site-api/runtime';
import { devScan } from '../api/dev-tools';
import { getLoginQrCode, pollWechatLogin } from '../api/wechat-qrcode';

export interface WechatQrPanelProps {
  hint?: string;
  onToken(token: string): void;
  onUnbound(openid: string): void;
}

export function WechatQrPanel({ hint, onToken, onUnbound }: WechatQrPanelProps) {
  const [qr, setQr] = useState<QrCodeData | null>(null);
  const [expired, setExpired] = useState(false);
  const runtime = useRuntime();
  const handlers = useRef({ onToken, onUnbound });
  handlers.current = { onToken, onUnbound };

  const load = useCallback(() => {
    setExpired(false);
    setQr(null);
    getLoginQrCode().then(setQr, () => setExpired(true));
  }, []);
  useEffect(load, [load]);

  useEffect(() => {
    if (!qr || expired) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const r = await pollWechatLogin(qr.logkey, abort.signal);
        if (r.status === 'WAIT') timer = setTimeout(tick, QR_POLL_MS);
        else if (r.status === 'SUCCESS' && r.access_token) handlers.current.onToken(r.access_token);
        else handlers.current.onUnbound(r.openid ?? '');
      } catch {
        if (!abort.signal.aborted) setExpired(true);
      }
    };
    timer = setTimeout(tick, QR_POLL_MS);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [qr, expired]);

  const dev = runtime.data?.wechatProvider === 'dev';
  return (
    <div style={{ textAlign: 'center' }} data-testid="wechat-qr-panel">
      <p style={{ color: '#606266', marginBottom: 12 }}>{hint ?? '请使用微信扫描二维码，关注公众号后登录'}</p>
      <div style={{ position: 'relative', width: 200, height: 200, margin: '0 auto', border: '1px solid #ebeef5', borderRadius: 6 }}>
        {qr ? <img src={qr.qrcode} alt="微信登录二维码" width={198} height={198} /> : <Spin style={{ marginTop: 86 }} />}
        {expired && (
          <div
            style={{
              position: 'absolute',
              inset: 0,
              background: 'rgba(255,255,255,.94)',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 8,
            }}
          >
            <span>二维码已失效</span>
            <Button type="primary" size="small" onClick={load}>
              刷新二维码
            </Button>
          </div>
        )}
      </div>
      {dev && (
        <Alert
          style={{ marginTop: 16, textAlign: 'left' }}
          type="warning"
          showIcon
          title={
            <span>
              <Tag color="orange">开发模式</Tag>未接入真实微信公众号，点击“模拟扫码”代替手机扫码。
            </span>
          }
          action={
            <Button size="small" disabled={!qr || expired} onClick={() => qr && void devScan(qr.logkey).catch(() => undefined)} data-testid="dev-scan">
              模拟扫码
            </Button>
          }
        />
      )}
    </div>
  );
}
