// 账户 (spec 02 §2 leaves it open): a security summary — the phone, WeChat binding, both tiers'
// status — and the way to change the password: the login page's recovery mode (logged out first,
// because the login page is for visitors).
import type { UserProfile } from '@labstat/contracts';
import { Button, Descriptions, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { tierStatus } from '../../../lib/commerce-api/vip-status';
import { logout } from '../../../lib/site-api/logout';
import { ui } from '../../../lib/ui-bridge';

const maskMobile = (m: string) => (/^\d{11}$/.test(m) ? `${m.slice(0, 3)}****${m.slice(7)}` : m);

export function AccountTab({ profile, onEditPhone, onBindWechat }: { profile: UserProfile; onEditPhone(): void; onBindWechat(): void }) {
  const navigate = useNavigate();
  const vip = tierStatus(profile, 'vip');
  const svip = tierStatus(profile, 'svip');
  const changePassword = () =>
    ui.modal?.confirm({
      title: '修改密码',
      content: '修改密码需要通过手机验证码找回密码完成，将先退出当前登录，是否继续？',
      okText: '继续',
      cancelText: '取消',
      async onOk() {
        await logout();
        navigate('/login?mode=3');
      },
    });
  return (
    <Descriptions column={1} bordered size="middle" styles={{ label: { width: 140 } }} data-testid="account-summary">
      <Descriptions.Item label="手机号">
        {maskMobile(profile.mobile) || '未绑定'}
        <Button type="link" size="small" onClick={onEditPhone}>
          修改
        </Button>
      </Descriptions.Item>
      <Descriptions.Item label="微信">
        {profile.bind_wechat === 1 ? <Tag color="success">已绑定</Tag> : <Tag>未绑定</Tag>}
        <Button type="link" size="small" onClick={onBindWechat}>
          {profile.bind_wechat === 1 ? '修改' : '绑定'}
        </Button>
      </Descriptions.Item>
      <Descriptions.Item label="标准会员">
        <span data-testid="account-vip">{vip.text}</span>
        {vip.kind === 'none' && (
          <Button type="link" size="small" onClick={() => navigate('/vip')}>
            立即开通
          </Button>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="高级会员">
        <span data-testid="account-svip">{svip.text}</span>
        {svip.kind === 'none' && (
          <Button type="link" size="small" onClick={() => navigate('/vip')}>
            立即开通
          </Button>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="登录密码">
        <Button type="link" size="small" style={{ paddingLeft: 0 }} onClick={changePassword} data-testid="change-password">
          修改密码
        </Button>
      </Descriptions.Item>
    </Descriptions>
  );
}
