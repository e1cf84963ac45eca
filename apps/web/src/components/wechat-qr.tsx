// A WeChat QR that is polled every 2 s (spec 02 §4): the login QR and the bind QR. It fetches the QR,
// polls its logkey until the answer is other than WAIT, offers 刷新二维码 when the QR fails or
// expires, and with the dev WeChat provider adds 模拟扫码 in place of a phone.
import { QR_POLL_MS, type QrCodeData } from '@labstat/contracts';
import { Button, Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { devWechatScan } from '../lib/commerce-api/dev-tools';
import { useRuntime } from '../lib/site-api/runtime';
import { DevActionAlert } from './dev-action-alert';

export interface WechatQrProps<A> {
  /** The line above the QR. */
  hint: string;
  /** The image's alt text. */
  alt: string;
  testId: string;
  /** The test id of the 模拟扫码 button. */
  scanTestId: string;
  fetchQr(): Promise<QrCodeData>;
  poll(logkey: string, signal: AbortSignal): Promise<A>;
  /** Judges one answer: 'wait' polls again, 'expired' asks for a fresh QR, nothing ends polling. */
  onAnswer(answer: A): 'wait' | 'expired' | void;
}

export function WechatQr<A>({ hint, alt, testId, scanTestId, ...calls }: WechatQrProps<A>) {
  const [qr, setQr] = useState<QrCodeData | null>(null);
  const [expired, setExpired] = useState(false);
  const runtime = useRuntime();
  // The parent's callbacks may change identity on every render; polling must not restart for them.
  const latest = useRef(calls);
  latest.current = calls;

  const load = useCallback(() => {
    setExpired(false);
    setQr(null);
    latest.current.fetchQr().then(setQr, () => setExpired(true));
  }, []);
  useEffect(load, [load]);

  useEffect(() => {
    if (!qr || expired) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const answer = await latest.current.poll(qr.logkey, abort.signal);
        if (abort.signal.aborted) return;
        const verdict = latest.current.onAnswer(answer);
        if (verdict === 'wait') timer = setTimeout(tick, QR_POLL_MS);
        else if (verdict === 'expired') setExpired(true);
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

  return (
    <div style={{ textAlign: 'center' }} data-testid={testId}>
      <p style={{ color: '#606266', marginBottom: 12 }}>{hint}</p>
      <div style={{ position: 'relative', width: 200, height: 200, margin: '0 auto', border: '1px solid #ebeef5', borderRadius: 6 }}>
        {qr ? <img src={qr.qrcode} alt={alt} width={198} height={198} /> : !expired && <Spin style={{ marginTop: 86 }} />}
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
      {runtime.data?.wechatProvider === 'dev' && (
        <DevActionAlert tag="开发模式" label="模拟扫码" testId={scanTestId} disabled={!qr || expired} onAction={async () => qr && devWechatScan(qr.logkey)}>
          未接入真实微信公众号，点击“模拟扫码”代替手机扫码。
        </DevActionAlert>
      )}
    </div>
  );
}
