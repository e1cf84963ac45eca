// The /vip user card (spec 02 §2, §4): both tiers' status by the VIP display rules, the current
// benefits and the customer-service QR; visitors see 未登录.
import { CrownFilled, UserOutlined } from '@ant-design/icons';
import { CommerceMessages, TIER_NAMES, type Tier, type VipCenterData } from '@labstat/contracts';
import { Avatar, Button, Card, Col, Image, Row, Skeleton, Space, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { imageSrc } from '../../../lib/commerce-api/image-src';
import { tierStatus } from '../../../lib/commerce-api/vip-status';
import { BenefitList } from './benefit-list';

function TierRow({ data, tier, onSubscribe }: { data: VipCenterData; tier: Tier; onSubscribe(): void }) {
  const s = tierStatus(data, tier);
  const color = tier === 'svip' ? '#b8860b' : '#409EFF';
  return (
    <div style={{ display: 'flex', alignItems: 'baseline', gap: 8 }} data-testid={`tier-${tier}`}>
      <CrownFilled style={{ color: s.kind === 'none' ? '#C0C4CC' : color }} />
      {s.kind === 'lifetime' && <Tag color="gold">{s.text}</Tag>}
      {s.kind === 'active' && (
        <span>
          {TIER_NAMES[tier]}剩余 <strong>{s.days}</strong> 天{s.expires ? `，到期时间 ${s.expires}` : ''}
        </span>
      )}
      {s.kind === 'none' && (
        <>
          <Typography.Text type="secondary">{s.text}</Typography.Text>
          <Button type="link" size="small" onClick={onSubscribe}>
            立即开通
          </Button>
        </>
      )}
    </div>
  );
}

export function VipUserCard({ data, loading, onSubscribe }: { data: VipCenterData | undefined; loading: boolean; onSubscribe(): void }) {
  const navigate = useNavigate();
  if (loading || !data) {
    return (
      <Card>
        <Skeleton avatar active />
      </Card>
    );
  }
  return (
    <Card data-testid="vip-user-card">
      <Row gutter={[24, 16]}>
        <Col xs={24} md={8}>
          <Space align="start" size={16}>
            <Avatar size={64} src={imageSrc(data.avatar)} icon={<UserOutlined />} />
            <div style={{ display: 'grid', gap: 8 }}>
              <Typography.Title level={4} style={{ margin: 0 }} data-testid="vip-username">
                {data.login ? data.username : CommerceMessages.notLoggedIn}
              </Typography.Title>
              {data.login ? (
                <>
                  <TierRow data={data} tier="vip" onSubscribe={onSubscribe} />
                  <TierRow data={data} tier="svip" onSubscribe={onSubscribe} />
                </>
              ) : (
                <Button type="primary" onClick={() => navigate(`/login?redirect=${encodeURIComponent('/vip')}`)}>
                  登录/注册
                </Button>
              )}
            </div>
          </Space>
        </Col>
        <Col xs={24} md={11}>
          <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
            当前权益
          </Typography.Text>
          <BenefitList groups={data.benefits} compact />
        </Col>
        <Col xs={24} md={5} style={{ textAlign: 'center' }}>
          {data.cservice_url ? (
            <>
              <Image src={data.cservice_url} alt="客服二维码" width={120} preview={false} />
              <div style={{ color: '#909399', fontSize: 12, marginTop: 4 }}>扫码添加客服，咨询会员问题</div>
            </>
          ) : null}
        </Col>
      </Row>
    </Card>
  );
}
