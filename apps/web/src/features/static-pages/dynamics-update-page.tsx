// Update news (/dynamics-update/index, role group dynamics, spec 02 §2, §3): a timeline of items,
// each a date, a title and a list of HTML strings, newest first.
import { UPDATE_NEWS_PAGE_SIZE } from '@labstat/contracts';
import { Card, Empty, Pagination, Skeleton, Timeline, Typography } from 'antd';
import { useState } from 'react';
import { SafeHtml } from '../../components/rich-text-editor/safe-html';
import { DATE_ONLY_FORMAT, formatDate } from '../../lib/relative-time';
import { useUpdateNews } from './api/update-news';
import { StaticPageLinks } from './components/dynamics-text-page';

export function DynamicsUpdatePage() {
  const [page, setPage] = useState(1);
  const news = useUpdateNews(page);
  const list = news.data?.list ?? [];
  return (
    <Card title="更新动态" data-testid="update-news">
      <div style={{ maxWidth: 880, margin: '0 auto' }}>
        {news.isLoading ? (
          <Skeleton active paragraph={{ rows: 8 }} />
        ) : list.length === 0 ? (
          <Empty description={news.isError ? '内容加载失败，请稍后再试' : '暂无更新动态'} />
        ) : (
          <Timeline
            items={list.map((n, i) => ({
              key: `${n.created_at}-${i}`,
              content: (
                <div data-testid="news-item">
                  {/* A day, not a moment: the date alone, never a relative label. */}
                  <Typography.Text type="secondary">{formatDate(n.created_at, DATE_ONLY_FORMAT)}</Typography.Text>
                  <Typography.Title level={5} style={{ margin: '2px 0 6px' }}>
                    {n.title}
                  </Typography.Title>
                  <ul style={{ paddingLeft: 20, margin: 0 }}>
                    {n.content.map((html, j) => (
                      <li key={j}>
                        <SafeHtml html={html} style={{ display: 'inline' }} />
                      </li>
                    ))}
                  </ul>
                </div>
              ),
            }))}
          />
        )}
        <Pagination
          current={page}
          pageSize={UPDATE_NEWS_PAGE_SIZE}
          total={news.data?.count ?? 0}
          hideOnSinglePage
          showSizeChanger={false}
          onChange={setPage}
          style={{ textAlign: 'center', marginTop: 16 }}
        />
        <div style={{ marginTop: 32, borderTop: '1px solid #f0f0f0', paddingTop: 12 }}>
          <StaticPageLinks current="/dynamics-update/index" />
        </div>
      </div>
    </Card>
  );
}
