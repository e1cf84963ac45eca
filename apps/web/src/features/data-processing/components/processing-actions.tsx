// The actions under the method list (spec 01 §2): 操作指引 (opened by the page, which knows every
// target), 热门工具 (the association drawer), 统计课堂 (the method's video, or 暂无视频), 操作手册 (a
// dialog with the method's manual) and 联系客服 (the customer-service QR image).
import { FireOutlined, PlayCircleOutlined, QuestionCircleOutlined, ReadOutlined } from '@ant-design/icons';
import { ProcessingMessages } from '@labstat/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Modal, Space, Spin } from 'antd';
import { useState, type RefObject } from 'react';
import { AssociationDrawer } from '../../../components/association-drawer/association-drawer';
import { ContactSupportButton } from '../../../components/contact-support-button';
import { manualDocument } from '../../../components/manual-drawer/manual-document';
import { VideoDialog } from '../../../components/video-dialog';
import { vipCenterQuery } from '../../../lib/commerce-api/vip-center';
import { useSession } from '../../../lib/session-store';
import { videoSrc } from '../../../lib/tools-api/tool-detail';
import { ui } from '../../../lib/ui-bridge';
import { useProcessingManual } from '../api/processing-manual';
import { fetchProcessingVideo } from '../api/processing-video';

export interface ActionRefs {
  hot: RefObject<HTMLDivElement | null>;
  video: RefObject<HTMLDivElement | null>;
  manual: RefObject<HTMLDivElement | null>;
  support: RefObject<HTMLDivElement | null>;
}

export function ProcessingActions({ processId, methodName, fid, refs, onTour }: { processId: number | null; methodName: string; fid: string | null; refs: ActionRefs; onTour: () => void }) {
  const [hot, setHot] = useState(false);
  const [manualOpen, setManualOpen] = useState(false);
  const [video, setVideo] = useState<string | null>(null);
  const [supportAsked, setSupportAsked] = useState(false);
  const manual = useProcessingManual(processId, manualOpen);
  const { token } = useSession();
  // The same QR image the tool detail shows; the server gives it with the member card.
  const support = useQuery({ ...vipCenterQuery(token), enabled: supportAsked });

  const warnNoMethod = () => ui.message?.warning('请先选择处理方法');

  const openVideo = () => {
    if (processId === null) return void warnNoMethod();
    void fetchProcessingVideo(processId)
      .catch(() => null)
      .then((v) => {
        const src = videoSrc(v);
        if (!src) ui.message?.info(ProcessingMessages.noVideo);
        else setVideo(src);
      });
  };

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={4} data-testid="processing-actions">
      <Button block icon={<QuestionCircleOutlined />} onClick={onTour}>
        操作指引
      </Button>
      <div ref={refs.hot}>
        <Button block icon={<FireOutlined />} onClick={() => setHot(true)}>
          热门工具
        </Button>
      </div>
      <div ref={refs.video}>
        <Button block icon={<PlayCircleOutlined />} onClick={openVideo}>
          统计课堂
        </Button>
      </div>
      <div ref={refs.manual}>
        <Button block icon={<ReadOutlined />} onClick={() => (processId === null ? warnNoMethod() : setManualOpen(true))}>
          操作手册
        </Button>
      </div>
      <div ref={refs.support}>
        <ContactSupportButton imageUrl={support.data?.cservice_url} onOpen={() => setSupportAsked(true)} />
      </div>
      <AssociationDrawer open={hot} onClose={() => setHot(false)} file={fid} />
      <VideoDialog open={video !== null} onClose={() => setVideo(null)} src={video} emptyText={ProcessingMessages.noVideo} />
      <Modal title={`操作手册${methodName ? ` · ${methodName}` : ''}`} open={manualOpen} onCancel={() => setManualOpen(false)} footer={null} width={820} destroyOnHidden>
        {manual.isLoading ? (
          <Spin style={{ display: 'block', margin: 48 }} />
        ) : (
          <iframe title="操作手册" srcDoc={manualDocument(manual.data?.manual ?? '')} sandbox="" style={{ width: '100%', height: '65vh', border: 0 }} data-testid="processing-manual-frame" />
        )}
      </Modal>
    </Space>
  );
}
