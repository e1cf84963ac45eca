// A standalone help page (/help/*.html) in a frame whose height follows the page, so the app
// scrolls and not the frame. The frame may not run scripts (sandbox without allow-scripts; the
// pages' CSP allows none either); allow-same-origin lets this window measure it.
import { Spin } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';

export function HelpFrame({ src, title, minHeight = 480 }: { src: string; title: string; minHeight?: number }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(minHeight);
  const [loaded, setLoaded] = useState(false);

  const measure = useCallback(() => {
    const doc = frame.current?.contentDocument;
    if (!doc?.documentElement) return;
    const h = Math.max(doc.documentElement.scrollHeight, doc.body?.scrollHeight ?? 0);
    if (h > 0) setHeight(Math.max(minHeight, h));
  }, [minHeight]);

  // Images and the window width change the page's height after load.
  useEffect(() => {
    if (!loaded) return;
    const doc = frame.current?.contentDocument;
    const body = doc?.body;
    if (!doc || !body) return;
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(measure) : null;
    observer?.observe(body);
    doc.addEventListener('load', measure, true);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      doc.removeEventListener('load', measure, true);
      window.removeEventListener('resize', measure);
    };
  }, [loaded, measure]);

  return (
    <div style={{ position: 'relative' }}>
      {!loaded && <Spin style={{ position: 'absolute', top: 48, left: '50%' }} />}
      <iframe
        ref={frame}
        key={src}
        src={src}
        title={title}
        sandbox="allow-same-origin"
        scrolling="no"
        onLoad={() => {
          setLoaded(true);
          measure();
        }}
        style={{ width: '100%', height, border: 0, display: 'block', overflow: 'hidden' }}
        data-testid="help-frame"
      />
    </div>
  );
}
