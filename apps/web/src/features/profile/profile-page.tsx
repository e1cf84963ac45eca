// Profile /profile/index (spec 02 §2): the user card on the left and the tabs info, order, exchange,
// account and gift on the right; the tab follows tab_id in the route.
import { Button, Card, Col, Result, Row, Skeleton, Tabs } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useProfile } from '../../lib/site-api/profile';
import { AccountTab } from './components/account-tab';
import { ExchangeTab } from './components/exchange-tab';
import { GiftTab } from './components/gift-tab';
import { InfoTab } from './components/info-tab';
import { OrderTab } from './components/order-tab';
import { PhoneDialog } from './components/phone-dialog';
import { ProfileCard } from './components/profile-card';
import { WechatBindDialog } from './components/wechat-bind-dialog';
import { tabFrom, type ProfileTab } from './tabs';

export function ProfilePage() {
  const [params, setParams] = useSearchParams();
  const tab = tabFrom(params.get('tab_id'));
  const profile = useProfile(true);
  const [phoneOpen, setPhoneOpen] = useState(false);
  const [bindOpen, setBindOpen] = useState(false);
  const go = (t: ProfileTab) => setParams(t === 'info' ? {} : { tab_id: t });

  if (profile.isPending) {
    return (
      <Card>
        <Skeleton avatar active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  if (profile.isError) {
    return <Result status="error" title="用户信息加载失败" extra={<Button onClick={() => void profile.refetch()}>重试</Button>} />;
  }
  const p = profile.data;
  return (
    <Row gutter={[16, 16]} data-testid="profile-page">
      <Col xs={24} lg={7}>
        <ProfileCard profile={p} onOrders={() => go('order')} />
      </Col>
      <Col xs={24} lg={17}>
        <Card>
          <Tabs
            activeKey={tab}
            onChange={(k) => go(k as ProfileTab)}
            destroyOnHidden
            items={[
              { key: 'info', label: '基本信息', children: <InfoTab key={JSON.stringify(p)} profile={p} /> },
              { key: 'order', label: '我的订单', children: <OrderTab /> },
              { key: 'exchange', label: '兑换', children: <ExchangeTab /> },
              { key: 'account', label: '账户', children: <AccountTab profile={p} onEditPhone={() => setPhoneOpen(true)} onBindWechat={() => setBindOpen(true)} /> },
              { key: 'gift', label: '礼品', children: <GiftTab /> },
            ]}
          />
        </Card>
      </Col>
      <PhoneDialog open={phoneOpen} current={p.mobile} onClose={() => setPhoneOpen(false)} />
      <WechatBindDialog open={bindOpen} bound={p.bind_wechat === 1} onClose={() => setBindOpen(false)} />
    </Row>
  );
}
