// 工作台: where a user lands inside the app — account and membership at a glance, and the next steps.
import { Button, Card, Col, Descriptions, Row, Typography } from 'antd';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../lib/relative-time';
import { useSession } from '../../lib/session-store';
import { useProfile } from '../../lib/site-api/profile';

function membership(days: number, life: number, time: string | null): string {
  if (life) return '终身会员';
  if (days <= 0) return '未开通';
  return time ? `剩余 ${days} 天（${formatDate(time)} 到期）` : `剩余 ${days} 天`;
}

export function DashboardPage() {
  const navigate = useNavigate();
  const { token } = useSession();
  const profile = useProfile(!!token);
  const p = profile.data;
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card title="欢迎使用 LabStat">
          <Typography.Paragraph>上传数据、调整参数、生成报告：三步完成医学统计分析，报告可下载为 Word 并由 AI 解读。</Typography.Paragraph>
          <Button type="primary" onClick={() => navigate('/public-tool/visual')}>
            开始分析
          </Button>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title="我的账号" loading={!!token && profile.isLoading}>
          {p ? (
            <Descriptions column={1} size="small">
              <Descriptions.Item label="用户名">{p.username}</Descriptions.Item>
              <Descriptions.Item label="手机号">{p.mobile}</Descriptions.Item>
              <Descriptions.Item label="微信">{p.bind_wechat ? '已绑定' : '未绑定'}</Descriptions.Item>
              <Descriptions.Item label="标准会员">{membership(p.vip_days, p.vip_life, p.vip_time)}</Descriptions.Item>
              <Descriptions.Item label="高级会员">{membership(p.svip_days, p.svip_life, p.svip_time)}</Descriptions.Item>
              <Descriptions.Item label="邀请码">{p.invitation_code}</Descriptions.Item>
            </Descriptions>
          ) : (
            <Button onClick={() => navigate('/login?redirect=/dashboard')}>登录后查看账号信息</Button>
          )}
        </Card>
      </Col>
    </Row>
  );
}
