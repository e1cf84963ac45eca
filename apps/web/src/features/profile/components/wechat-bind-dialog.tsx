// WeChat binding (spec 02 §4): the bind QR, polled every 2 s — WAIT keeps polling, SUCCESS shows
// 绑定成功 and reloads the page; any other answer asks for a fresh QR. In dev mode 模拟扫码 scans it.
import { CommerceMessages, QR_POLL_MS, type QrCodeData } from '@labstat/contracts';
import { Alert, Button, Modal, Spin, Tag } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { checkWechatBind } from '../../../lib/commerce-api/bind-check';
import { fetchBindQrCode } from '../../../lib/commerce-api/bind-qrcode';
import { devWechatScan } from '../../../lib/commerce-api/dev-tools';
import { useRuntime } from '../../../lib/site-api/runtime';
import { ui } from '../../../lib/ui-bridge';

function BindQr({ onBound }: { onBound(): void }) {
  const [qr, setQr] = useState<QrCodeData | null>(null);
  const [failed, setFailed] = useState(false);
  const [scanning, setScanning] = useState(false);
  const runtime = useRuntime();
  // The parent's callback may change identity on every render; polling must not restart for it.
  const bound = useRef(onBound);
  bound.current = onBound;

  const load = useCallback(() => {
    setFailed(false);
    setQr(null);
    fetchBindQrCode().then(setQr, () => setFailed(true));
  }, []);
  useEffect(load, [load]);

  useEffect(() => {
    if (!qr || failed) return;
    const abort = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const status = await checkWechatBind(qr.logkey, abort.signal);
        if (abort.signal.aborted) return;
        if (status === 'WAIT') timer = setTimeout(tick, QR_POLL_MS);
        else if (status === 'SUCCESS') bound.current();
        else setFailed(true);
      } catch {
        if (!abort.signal.aborted) setFailed(true);
      }
    };
    timer = setTimeout(tick, QR_POLL_MS);
    return () => {
      abort.abort();
      clearTimeout(timer);
    };
  }, [qr, failed]);

  const scan = async () => {
    if (!qr) return;
    setScanning(true);
    await devWechatScan(qr.logkey).catch(() => undefined);
    setScanning(false);
  };

  return (
    <div style={{ textAlign: 'center' }} data-testid="bind-qr">
      <p style={{ color: '#606266' }}>请使用要绑定的微信扫描二维码</p>
      <div style={{ position: 'relative', width: 200, height: 200, margin: '0 auto', border: '1px solid #ebeef5', borderRadius: 6 }}>
        {qr ? <img src={qr.qrcode} alt="微信绑定二维码" width={198} height={198} /> : !failed && <Spin style={{ marginTop: 86 }} />}
        {failed && (
          <div style={{ position: 'absolute', inset: 0, background: 'rgba(255,255,255,.94)', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 8 }}>
            <span>二维码已失效</span>
            <Button type="primary" size="small" onClick={load}>
              刷新二维码
            </Button>
          </div>
        )}
      </div>
      {runtime.data?.wechatProvider === 'dev' && (
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
            <Button size="small" loading={scanning} disabled={!qr || failed} onClick={() => void scan()} data-testid="dev-bind-scan">
              模拟扫码
            </Button>
          }
        />
      )}
    </div>
  );
}

export function WechatBindDialog({ open, bound, onClose }: { open: boolean; bound: boolean; onClose(): void }) {
  const onBound = useCallback(() => {
    ui.message?.success(CommerceMessages.bindOk);
    onClose();
    setTimeout(() => window.location.reload(), 800);
  }, [onClose]);
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={bound ? '修改绑定微信' : '绑定微信'} width={380} destroyOnHidden>
      {open && <BindQr onBound={onBound} />}
    </Modal>
  );
}
