// The tool association drawer (spec 02 §2, §3): slides up from the bottom at 60% height, with the
// tabs 热门工具 (most used tools) and 推荐工具 (what to run next with this tool and file), each a
// grid of six cards a page. A card opens that tool's detail page and reloads, as the spec says.
import { ASSOCIATION_PAGE_SIZE, type AssociationCard } from '@labstat/contracts';
import { Card, Col, Drawer, Empty, Pagination, Row, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useAssociation, type AssociationSearch } from './association-list';

export function openToolDetail(toolId: number): void {
  window.location.hash = `#/tool/detail?toolId=${toolId}`;
  window.location.reload();
}

function ToolCardGrid({ kind, toolId, file, active }: { kind: AssociationSearch['type']; toolId?: number; file?: string | null; active: boolean }) {
  const [page, setPage] = useState(1);
  const list = useAssociation({ type: kind, page, toolId, file }, active);
  const cards = list.data?.association ?? [];
  if (list.isLoading) return <Spin style={{ display: 'block', margin: '40px auto' }} />;
  if (!cards.length) return <Empty description={kind === 'hot' ? '暂无热门工具' : '暂无推荐工具，请先选择数据文件'} />;
  return (
    <div data-testid={`association-${kind}`}>
      <Row gutter={[16, 16]}>
        {cards.map((c: AssociationCard) => (
          <Col key={c.id} xs={24} sm={12} lg={8}>
            <Card size="small" hoverable onClick={() => openToolDetail(c.id)} data-testid="association-card" style={{ height: '100%' }}>
              <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
                <img src={c.icon} alt="" width={44} height={44} style={{ borderRadius: 10, flex: 'none' }} />
                <div style={{ minWidth: 0 }}>
                  <Typography.Text strong>{c.toolname}</Typography.Text>
                  <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0 0', fontSize: 12 }}>
                    {c.reason ?? c.discription}
                  </Typography.Paragraph>
                </div>
              </div>
            </Card>
          </Col>
        ))}
      </Row>
      <Pagination
        current={page}
        pageSize={ASSOCIATION_PAGE_SIZE}
        total={list.data?.count ?? 0}
        onChange={setPage}
        hideOnSinglePage
        showSizeChanger={false}
        style={{ marginTop: 16, justifyContent: 'center' }}
      />
    </div>
  );
}

export function AssociationDrawer({ open, onClose, toolId, file }: { open: boolean; onClose: () => void; toolId?: number; file?: string | null }) {
  const [tab, setTab] = useState<AssociationSearch['type']>('hot');
  return (
    <Drawer title="工具推荐" placement="bottom" size="60%" open={open} onClose={onClose} data-testid="association-drawer">
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as AssociationSearch['type'])}
        items={[
          { key: 'hot', label: '热门工具', children: <ToolCardGrid kind="hot" active={open && tab === 'hot'} /> },
          { key: 'link', label: '推荐工具', children: <ToolCardGrid key={`${toolId ?? ''}:${file ?? ''}`} kind="link" toolId={toolId} file={file} active={open && tab === 'link'} /> },
        ]}
      />
    </Drawer>
  );
}
