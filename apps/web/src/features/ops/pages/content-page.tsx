// 内容管理: announcements, header notices, update news, content pages, the agreement URL and the
// carousel, one tab each (the tab is kept in ?tab= so a link opens it).
import { Card, Tabs } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { AgreementTab } from '../components/content/agreement-tab';
import { AnnouncementsTab } from '../components/content/announcements-tab';
import { CarouselTab } from '../components/content/carousel-tab';
import { NewsTab } from '../components/content/news-tab';
import { NoticesTab } from '../components/content/notices-tab';
import { PagesTab } from '../components/content/pages-tab';

const TABS = [
  { key: 'announcements', label: '登录后公告', children: <AnnouncementsTab /> },
  { key: 'notices', label: '头部通知', children: <NoticesTab /> },
  { key: 'news', label: '更新动态', children: <NewsTab /> },
  { key: 'pages', label: '团队与引用', children: <PagesTab /> },
  { key: 'agreement', label: '用户协议', children: <AgreementTab /> },
  { key: 'carousel', label: '轮播图', children: <CarouselTab /> },
];

export function OpsContentPage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((t) => t.key === params.get('tab')) ? params.get('tab')! : TABS[0]!.key;
  return (
    <Card size="small" data-testid="ops-content">
      <Tabs activeKey={tab} onChange={(k) => setParams({ tab: k }, { replace: true })} items={TABS} destroyOnHidden />
    </Card>
  );
}
