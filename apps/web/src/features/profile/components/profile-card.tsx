// The Profile user card (spec 02 §2): avatar, name, tags, research, the WeChat button, the
// favourites and orders counters, and the invitation code and link with copy.
import { CopyOutlined, UserOutlined, WechatOutlined } from '@ant-design/icons';
import { CommerceMessages, type UserProfile } from '@labstat/contracts';
import { Avatar, Button, Card, Divider, Input, Space, Statistic, Tag, Typography } from 'antd';
import { useState } from 'react';
import { imageSrc } from '../../../lib/commerce-api/image-src';
import { ui } from '../../../lib/ui-bridge';
import { copyText, inviteLink } from '../invite-link';
import { WechatBindDialog } from './wechat-bind-dialog';

export function ProfileCard({ profile, onOrders }: { profile: UserProfile; onOrders(): void }) {
  const [binding, setBinding] = useState(false);
  const bound = profile.bind_wechat === 1;
  const link = profile.invitation_code ? inviteLink(window.location.origin, profile.invitation_code) : '';
  const copy = async () => {
    if (await copyText(link)) ui.message?.success(CommerceMessages.inviteCopied);
    else ui.message?.error(CommerceMessages.inviteCopyFailed);
  };
  return (
    <Card data-testid="profile-card">
      <div style={{ textAlign: 'center' }}>
        <Avatar size={88} src={imageSrc(profile.avatar)} icon={<UserOutlined />} />
        <Typography.Title level={4} style={{ margin: '12px 0 6px' }} data-testid="profile-username">
          {profile.username}
        </Typography.Title>
        <div style={{ minHeight: 22 }}>
          {profile.tags.map((t) => (
            <Tag key={t} color="blue">
              {t}
            </Tag>
          ))}
        </div>
        {profile.research && (
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            研究方向：{profile.research}
          </Typography.Paragraph>
        )}
        <Button
          style={{ marginTop: 12 }}
          icon={<WechatOutlined style={{ color: bound ? '#67C23A' : undefined }} />}
          onClick={() => setBinding(true)}
          data-testid="wechat-bind"
        >
          {bound ? '已绑定微信，点击修改' : '未绑定微信，点击绑定'}
        </Button>
      </div>
      <Divider />
      <Space size={48} style={{ width: '100%', justifyContent: 'center' }}>
        <Statistic title="收藏" value={profile.favor_num} data-testid="favor-num" />
        <a onClick={onOrders} aria-label="查看订单">
          <Statistic title="订单" value={profile.order_num} data-testid="order-num" />
        </a>
      </Space>
      <Divider />
      <div style={{ display: 'grid', gap: 8 }} data-testid="invite">
        <Typography.Text strong>邀请好友</Typography.Text>
        <div>
          邀请码：
          <Typography.Text code data-testid="invite-code">
            {profile.invitation_code || '—'}
          </Typography.Text>
        </div>
        {link && (
          <Space.Compact style={{ width: '100%' }}>
            <Input readOnly value={link} data-testid="invite-link" />
            <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="invite-copy">
              复制
            </Button>
          </Space.Compact>
        )}
      </div>
      <WechatBindDialog open={binding} bound={bound} onClose={() => setBinding(false)} />
    </Card>
  );
}
