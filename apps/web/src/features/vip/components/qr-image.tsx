// A QR code drawn in the browser (the payment link never leaves the page to be rendered).
import { Spin } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

export function QrImage({ text, size, alt }: { text: string; size: number; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    setSrc(null);
    QRCode.toDataURL(text, { width: size, margin: 1, errorCorrectionLevel: 'M' }).then(
      (url) => live && setSrc(url),
      () => live && setSrc(''),
    );
    return () => {
      live = false;
    };
  }, [text, size]);
  return (
    <div style={{ width: size, height: size, display: 'flex', alignItems: 'center', justifyContent: 'center', margin: '0 auto' }}>
      {src ? <img src={src} alt={alt} width={size} height={size} data-testid="pay-qr" /> : src === '' ? <span>二维码生成失败</span> : <Spin />}
    </div>
  );
}
