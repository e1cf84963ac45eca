// The side items under the step list (spec 01 §2): guided tour, hot tools, statistics class,
// tool manual and customer service.
import { CustomerServiceOutlined, FireOutlined, PlayCircleOutlined, QuestionCircleOutlined, ReadOutlined } from '@ant-design/icons';
import { Button, Drawer, Empty, Image, Modal, Pagination, Popover, Row, Col, Space, Spin, Tour, type TourProps } from 'antd';
import { useState, type RefObject } from 'react';
import { fetchVideo, useManual } from '../../lib/tools-api/tool-detail';
import { useToolList } from '../../lib/tools-api/tool-list';
import { ToolCard } from '../tools/tool-card';

export interface TourTargets {
  steps: RefObject<HTMLDivElement | null>;
  centre: RefObject<HTMLDivElement | null>;
  right: RefObject<HTMLDivElement | null>;
}

/** The manual in a frame; the server sends escaped HTML, the frame gets no script rights. */
export function ManualFrame({ toolId, height = 520 }: { toolId: number; height?: number | string }) {
  const manual = useManual(toolId);
  if (manual.isLoading) return <Spin />;
  const doc = `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:sans-serif;line-height:1.7;color:#303133;padding:8px 16px}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:4px 8px}</style></head><body>${manual.data?.manual ?? ''}</body></html>`;
  return <iframe title="工具手册" srcDoc={doc} sandbox="" style={{ width: '100%', height, border: 0 }} data-testid="manual-frame" />;
}

function HotTools({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [page, setPage] = useState(1);
  // Six cards per page (spec 02 association drawer); the medical tools are the most used.
  const list = useToolList({ toolname: '', toolcalss: '', isFavor: false, level1: 'med', page: 1 }, open);
  const all = list.data?.list ?? [];
  return (
    <Drawer title="热门工具" open={open} onClose={onClose} width={720}>
      <Row gutter={[12, 12]}>
        {all.slice((page - 1) * 6, page * 6).map((t) => (
          <Col span={12} key={t.id}>
            <ToolCard tool={t} />
          </Col>
        ))}
      </Row>
      <Pagination hideOnSinglePage current={page} pageSize={6} total={all.length} onChange={setPage} style={{ marginTop: 12, textAlign: 'center' }} />
    </Drawer>
  );
}

export function SideItems({ toolId, cserviceUrl, targets }: { toolId: number; cserviceUrl: string; targets: TourTargets }) {
  const [tour, setTour] = useState(false);
  const [hot, setHot] = useState(false);
  const [manual, setManual] = useState(false);
  const [video, setVideo] = useState<null | { status: number }>(null);
  const tourSteps: TourProps['steps'] = [
    { title: '第一步：选择步骤', description: '左侧按步骤组列出分析步骤，点击进入对应步骤。', target: () => targets.steps.current! },
    { title: '第二步：选择数据', description: '在右侧选择示例数据或上传自己的数据，中间可预览数据与变量类型。', target: () => targets.right.current! },
    { title: '第三步：设置参数并提交', description: '进入参数步骤，选择变量与选项后点击“提交”，报告显示在中间区域。', target: () => targets.centre.current! },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={4}>
      <Button block icon={<QuestionCircleOutlined />} onClick={() => setTour(true)}>
        操作指引
      </Button>
      <Button block icon={<FireOutlined />} onClick={() => setHot(true)}>
        热门工具
      </Button>
      <Button block icon={<PlayCircleOutlined />} onClick={() => void fetchVideo(toolId).then(setVideo, () => setVideo({ status: 0 }))}>
        统计课堂
      </Button>
      <Button block icon={<ReadOutlined />} onClick={() => setManual(true)}>
        工具手册
      </Button>
      <Popover content={<Image src={cserviceUrl} width={180} preview={false} alt="客服二维码" />} title="扫码联系客服" trigger="click">
        <Button block icon={<CustomerServiceOutlined />}>
          联系客服
        </Button>
      </Popover>
      <Tour open={tour} onClose={() => setTour(false)} steps={tourSteps} indicatorsRender={(c, t) => `${c + 1} / ${t}`} />
      <HotTools open={hot} onClose={() => setHot(false)} />
      <Modal title="工具手册" open={manual} onCancel={() => setManual(false)} footer={null} width={900}>
        {manual && <ManualFrame toolId={toolId} height="65vh" />}
      </Modal>
      <Modal title="统计课堂" open={video !== null} onCancel={() => setVideo(null)} footer={null}>
        <Empty description="暂无视频" />
      </Modal>
    </Space>
  );
}
