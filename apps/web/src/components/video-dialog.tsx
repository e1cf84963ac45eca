// The statistics class dialog (spec 01 §2): plays a signed video, or says there is none. Destroyed
// when hidden, so closing the dialog also stops the playback.
import { Empty, Modal } from 'antd';

export function VideoDialog({ open, onClose, src, emptyText }: { open: boolean; onClose: () => void; src: string | null; emptyText: string }) {
  return (
    <Modal title="统计课堂" open={open} onCancel={onClose} footer={null} width={src ? 800 : undefined} destroyOnHidden>
      {src ? (
        <video controls autoPlay src={src} style={{ width: '100%', maxHeight: '70vh', background: '#000' }} data-testid="tool-video">
          您的浏览器不支持视频播放
        </video>
      ) : (
        <Empty description={emptyText} />
      )}
    </Modal>
  );
}
