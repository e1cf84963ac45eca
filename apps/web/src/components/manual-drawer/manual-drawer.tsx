// The reusable manual drawer (spec 01 §2, spec 02 §2): slides in from the right with a manual page
// in a frame, titled 操作手册 unless told otherwise. Its width follows the window (recomputed on
// resize); once the frame loads, the frame takes the height of the page inside it. Closing is
// reported to the parent through onClose.
import { Drawer, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { manualDrawerWidth } from './drawer-width';

export interface ManualDrawerProps {
  open: boolean;
  onClose: () => void;
  title?: string;
  /** Address of the manual page (same origin, so its height can be read). */
  src?: string;
  /** Or the page itself; it is shown with scripts forbidden. */
  srcDoc?: string;
  /** Shown instead of the frame while the page is being fetched. */
  loading?: boolean;
}

function useDrawerWidth(): string {
  const [width, setWidth] = useState(() => manualDrawerWidth(window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(manualDrawerWidth(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return width;
}

export function ManualDrawer({ open, onClose, title = '操作手册', src, srcDoc, loading }: ManualDrawerProps) {
  const width = useDrawerWidth();
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | null>(null);

  const fit = () => {
    try {
      const doc = frame.current?.contentDocument;
      if (doc?.documentElement) setHeight(doc.documentElement.scrollHeight);
    } catch {
      /* a page from another origin keeps the default height */
    }
  };

  return (
    <Drawer
      title={title}
      placement="right"
      open={open}
      onClose={onClose}
      afterOpenChange={(shown) => !shown && setHeight(null)}
      size={width}
      destroyOnHidden
      styles={{ body: { padding: 0 } }}
      data-testid="manual-drawer"
    >
      {loading ? (
        <Spin style={{ display: 'block', marginTop: 80 }} />
      ) : (
        <iframe
          ref={frame}
          title={title}
          src={srcDoc === undefined ? src : undefined}
          srcDoc={srcDoc}
          // No scripts in a manual; same origin only so its height can be measured.
          sandbox="allow-same-origin allow-popups"
          onLoad={fit}
          data-testid="manual-drawer-frame"
          style={{ display: 'block', width: '100%', height: height ?? 'calc(100vh - 60px)', border: 0 }}
        />
      )}
    </Drawer>
  );
}
