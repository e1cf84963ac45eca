// A static page whose text the server supplies (spec 02 §2): title and HTML, sanitised again here,
// with links to the other static pages below it.
import { Card, Empty, Skeleton, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SafeHtml } from '../../../components/rich-text-editor/safe-html';
import { useDynamics, type DynamicsItem } from '../api/dynamics';

const OTHER_PAGES: [string, string][] = [
  ['/team-info/index', '团队介绍'],
  ['/dynamics-update/index', '更新动态'],
  ['/quote/index', '引用与致谢'],
  ['/user-contract/index', '用户协议'],
];

export function StaticPageLinks({ current }: { current: string }) {
  return (
    <Space split="·" wrap style={{ fontSize: 13 }} data-testid="static-page-links">
      {OTHER_PAGES.filter(([p]) => p !== current).map(([p, label]) => (
        <Link key={p} to={p}>
          {label}
        </Link>
      ))}
    </Space>
  );
}

export function DynamicsTextPage({ item, path, fallbackTitle, extra }: { item: DynamicsItem; path: string; fallbackTitle: string; extra?: ReactNode }) {
  const q = useDynamics(item);
  return (
    // The page's own first heading is its title, so the card has none.
    <Card data-testid={`static-${item}`}>
      <div style={{ maxWidth: 880, margin: '0 auto', position: 'relative' }}>
        {extra && <div style={{ position: 'absolute', right: 0, top: 4 }}>{extra}</div>}
        {!q.data && <Typography.Title level={3}>{fallbackTitle}</Typography.Title>}
        {q.isLoading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : q.data ? (
          <SafeHtml html={q.data.introduction} profile="page" className="static-page-text" />
        ) : (
          <Empty description="内容加载失败，请稍后再试" />
        )}
        <div style={{ marginTop: 32, borderTop: '1px solid #f0f0f0', paddingTop: 12 }}>
          <StaticPageLinks current={path} />
        </div>
      </div>
    </Card>
  );
}
