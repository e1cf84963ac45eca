// One tool card (spec 01 §2): icon, names, description or literature/module info, difficulty stars,
// methods, demo-video link, Use now, star toggle and the VIP mark.
import { CrownFilled, PlayCircleOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { ToolListItem } from '@labstat/contracts';
import { Button, Card, Modal, Rate, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { fetchVideo, videoSrc } from '../../lib/tools-api/tool-detail';
import { useStarTool } from '../../lib/tools-api/star-tool';
import { ui } from '../../lib/ui-bridge';

/** The demo video's play link; null (after saying so) when the tool has none. */
export async function demoVideo(toolId: number, none = '此工具暂无视频'): Promise<string | null> {
  const src = videoSrc(await fetchVideo(toolId).catch(() => null));
  if (!src) ui.message?.warning(none);
  return src;
}

export function ToolCard({ tool }: { tool: ToolListItem }) {
  const navigate = useNavigate();
  const star = useStarTool();
  const info = tool.info;
  const [video, setVideo] = useState<string | null>(null);
  const [videoOpen, setVideoOpen] = useState(false);
  const openVideo = () =>
    void demoVideo(tool.id).then((src) => {
      if (!src) return;
      setVideo(src);
      setVideoOpen(true);
    });
  return (
    <Card
      size="small"
      hoverable
      data-testid={`tool-card-${tool.id}`}
      style={{ height: '100%' }}
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8, height: '100%' } }}
    >
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
        <img src={tool.icon} alt="" width={48} height={48} style={{ borderRadius: 10, flex: 'none' }} />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Space size={6}>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {tool.toolname}
            </Typography.Text>
            {tool.vip && (
              <Tooltip title="会员工具">
                <CrownFilled style={{ color: '#E6A23C' }} aria-label="会员工具" />
              </Tooltip>
            )}
          </Space>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }} ellipsis>
            {tool.subname}
          </Typography.Text>
        </div>
        <Tooltip title={tool.is_favor ? '取消收藏' : '收藏'}>
          <Button
            type="text"
            aria-label={tool.is_favor ? '取消收藏' : '收藏'}
            icon={tool.is_favor ? <StarFilled style={{ color: '#E6A23C' }} /> : <StarOutlined />}
            onClick={() => star.mutate({ toolId: tool.id, status: !tool.is_favor })}
          />
        </Tooltip>
      </div>
      {tool.level2 === 'complete' ? (
        <div style={{ fontSize: 13 }}>
          <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 4 }}>
            {info.title}
          </Typography.Paragraph>
          <Space size={4} wrap>
            {info.if_score !== null && <Tag color="blue">IF {info.if_score} 分</Tag>}
            {info.fenqu && <Tag color="green">{info.fenqu}</Tag>}
            {info.paper_link && (
              <a href={info.paper_link} target="_blank" rel="noreferrer noopener">
                全文链接
              </a>
            )}
          </Space>
        </div>
      ) : (
        <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: tool.discription }} style={{ marginBottom: 0, fontSize: 13 }}>
          {tool.level2 === 'module' && <Tag color="purple">模块</Tag>}
          {tool.discription}
        </Typography.Paragraph>
      )}
      <Space size={4} align="center">
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          难度
        </Typography.Text>
        <Rate disabled value={info.rating} style={{ fontSize: 12 }} />
      </Space>
      <div style={{ flex: 1 }}>
        {info.methods.slice(0, 5).map((m) => (
          <Tag key={m} style={{ marginBottom: 4 }}>
            {m}
          </Tag>
        ))}
      </div>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Button type="link" size="small" icon={<PlayCircleOutlined />} style={{ padding: 0 }} onClick={openVideo}>
          观看演示视频
        </Button>
        <Button type="primary" size="small" onClick={() => navigate(`/tool/detail?toolId=${tool.id}`)}>
          立即使用
        </Button>
      </div>
      {/* Destroyed when hidden, so closing the dialog also stops the playback. */}
      <Modal title={`${tool.toolname} · 演示视频`} open={videoOpen} onCancel={() => setVideoOpen(false)} footer={null} width={800} destroyOnHidden>
        {video && (
          <video controls autoPlay src={video} style={{ width: '100%', maxHeight: '70vh', background: '#000' }} data-testid="tool-video">
            您的浏览器不支持视频播放
          </video>
        )}
      </Modal>
    </Card>
  );
}
