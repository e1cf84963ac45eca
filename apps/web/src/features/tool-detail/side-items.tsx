// The side items under the step list (spec 01 §2): guided tour, hot tools (the association
// drawer), statistics class, tool manual (the manual drawer) and customer service.
import { FireOutlined, PlayCircleOutlined, QuestionCircleOutlined, ReadOutlined } from '@ant-design/icons';
import { ToolMessages, type VideoData } from '@labstat/contracts';
import { Button, Space, Spin, Tour, type TourProps } from 'antd';
import { useState, type RefObject } from 'react';
import { AssociationDrawer } from '../../components/association-drawer/association-drawer';
import { ContactSupportButton } from '../../components/contact-support-button';
import { manualDocument } from '../../components/manual-drawer/manual-document';
import { ManualDrawer } from '../../components/manual-drawer/manual-drawer';
import { VideoDialog } from '../../components/video-dialog';
import { fetchVideo, useManual, videoSrc } from '../../lib/tools-api/tool-detail';
import { TOOL_DETAIL_TOUR, type ToolTourTarget } from './tour-steps';

export interface TourTargets {
  steps: RefObject<HTMLDivElement | null>;
  centre: RefObject<HTMLDivElement | null>;
  right: RefObject<HTMLDivElement | null>;
  /** The 解读 button, mounted only at a form step. */
  interpret: RefObject<HTMLButtonElement | null>;
}

function tourTarget(targets: TourTargets, target: ToolTourTarget): HTMLElement {
  if (target === 'interpret') return (targets.interpret.current ?? targets.centre.current)!;
  return targets[target].current!;
}

/** The manual in a frame, for the centre of the page before a report exists. */
export function ManualFrame({ toolId, height = 520 }: { toolId: number; height?: number | string }) {
  const manual = useManual(toolId);
  if (manual.isLoading) return <Spin />;
  return <iframe title="工具手册" srcDoc={manualDocument(manual.data?.manual ?? '')} sandbox="" style={{ width: '100%', height, border: 0 }} data-testid="manual-frame" />;
}

function ToolManualDrawer({ toolId, open, onClose }: { toolId: number; open: boolean; onClose: () => void }) {
  const manual = useManual(toolId, open);
  return <ManualDrawer title="工具手册" open={open} onClose={onClose} loading={manual.isLoading} srcDoc={manualDocument(manual.data?.manual ?? '')} />;
}

export function SideItems({ toolId, cserviceUrl, targets, fid }: { toolId: number; cserviceUrl: string; targets: TourTargets; fid?: string | null }) {
  const [tour, setTour] = useState(false);
  const [hot, setHot] = useState(false);
  const [manual, setManual] = useState(false);
  const [video, setVideo] = useState<VideoData | null>(null);
  const [videoOpen, setVideoOpen] = useState(false);
  const src = videoSrc(video);
  const openVideo = () =>
    void fetchVideo(toolId)
      .catch((): VideoData => ({ status: 0, signature: null }))
      .then((v) => {
        setVideo(v);
        setVideoOpen(true);
      });
  const tourSteps: TourProps['steps'] = TOOL_DETAIL_TOUR.map((s) => ({ title: s.title, description: s.description, target: () => tourTarget(targets, s.target) }));
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={4}>
      <Button block icon={<QuestionCircleOutlined />} onClick={() => setTour(true)}>
        操作指引
      </Button>
      <Button block icon={<FireOutlined />} onClick={() => setHot(true)}>
        热门工具
      </Button>
      <Button block icon={<PlayCircleOutlined />} onClick={openVideo}>
        统计课堂
      </Button>
      <Button block icon={<ReadOutlined />} onClick={() => setManual(true)}>
        工具手册
      </Button>
      <ContactSupportButton imageUrl={cserviceUrl} />
      <Tour open={tour} onClose={() => setTour(false)} steps={tourSteps} indicatorsRender={(c, t) => `${c + 1} / ${t}`} />
      <AssociationDrawer open={hot} onClose={() => setHot(false)} toolId={toolId} file={fid} />
      <ToolManualDrawer toolId={toolId} open={manual} onClose={() => setManual(false)} />
      <VideoDialog open={videoOpen} onClose={() => setVideoOpen(false)} src={src} emptyText={ToolMessages.noVideo} />
    </Space>
  );
}
