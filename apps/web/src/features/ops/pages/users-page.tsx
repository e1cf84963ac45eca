// 用户管理: search by phone or nickname; each user's tier and expiry, files and tasks counts, roles
// and lock state; extend or revoke membership and lock or unlock, each with a reason.
import { OPS_PAGE_SIZE, type OpsUser } from '@labstat/contracts';
import { Button, Card, Form, Input, InputNumber, Modal, Radio, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { TimeLabel } from '../../../components/time-label';
import { ui } from '../../../lib/ui-bridge';
import { useUserLock } from '../api/user-lock';
import { useMembershipChange } from '../api/user-membership';
import { useOpsUsers } from '../api/users';
import { ReasonDialog } from '../components/reason-dialog';
import { ReasonField } from '../components/reason-field';

type MembershipValues = { tier: 'vip' | 'svip'; action: 'extend' | 'revoke'; lifetime: boolean; days: number; reason: string };

/** Expiry to the minute (Beijing time, as the server sends it). */
function expiry(time: string | null, life: number): string {
  if (life) return '永久';
  return time ? time.slice(0, 16) : '—';
}

function MembershipDialog({ user, onClose }: { user: OpsUser | null; onClose(): void }) {
  const change = useMembershipChange();
  const [form] = Form.useForm<MembershipValues>();
  const action = Form.useWatch('action', form);
  const lifetime = Form.useWatch('lifetime', form);
  const submit = async () => {
    const v = await form.validateFields();
    const env = await change.mutateAsync({
      userId: user!.id,
      tier: v.tier,
      action: v.action,
      days: v.action === 'extend' && !v.lifetime ? v.days : null,
      reason: v.reason.trim(),
    });
    ui.message?.success(env.msg || '会员已调整');
    form.resetFields();
    onClose();
  };
  return (
    <Modal open={user !== null} title={`调整会员：${user?.username || user?.mobile || ''}`} okText="确定" cancelText="取消" confirmLoading={change.isPending} onOk={() => void submit().catch(() => undefined)} onCancel={onClose} forceRender>
      {user && (
        <Typography.Paragraph type="secondary">
          当前：{user.tier_label}；标准会员到期 {expiry(user.vip_time, user.vip_life)}，高级会员到期 {expiry(user.svip_time, user.svip_life)}
        </Typography.Paragraph>
      )}
      <Form form={form} layout="vertical" initialValues={{ tier: 'vip', action: 'extend', lifetime: false, days: 30, reason: '' }} data-testid="membership-form">
        <Form.Item name="tier" label="会员类型">
          <Radio.Group options={[{ value: 'vip', label: '标准会员' }, { value: 'svip', label: '高级会员' }]} />
        </Form.Item>
        <Form.Item name="action" label="操作">
          <Radio.Group options={[{ value: 'extend', label: '延长' }, { value: 'revoke', label: '撤销（立即结束，含永久）' }]} />
        </Form.Item>
        {action === 'extend' && (
          <Space size="large" align="start">
            <Form.Item name="lifetime" label="永久" valuePropName="checked">
              <Switch />
            </Form.Item>
            {!lifetime && (
              <Form.Item name="days" label="延长天数" rules={[{ required: true, message: '请填写天数' }]}>
                <InputNumber min={1} max={36_500} precision={0} />
              </Form.Item>
            )}
          </Space>
        )}
        <ReasonField />
      </Form>
    </Modal>
  );
}

export function OpsUsersPage() {
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useOpsUsers(q, page);
  const lock = useUserLock();
  const [membership, setMembership] = useState<OpsUser | null>(null);
  const [locking, setLocking] = useState<OpsUser | null>(null);

  const columns: ColumnsType<OpsUser> = [
    { title: 'ID', dataIndex: 'id', key: 'id', width: 60 },
    { title: '手机号', dataIndex: 'mobile', key: 'mobile', width: 120 },
    { title: '昵称', dataIndex: 'username', key: 'username', width: 120, ellipsis: true, render: (n: string) => n || '—' },
    {
      title: '会员',
      key: 'tier',
      render: (_: unknown, u) => (
        <div>
          <Tag color={u.tier === 'svip' ? 'gold' : u.tier === 'vip' ? 'blue' : 'default'}>{u.tier_label}</Tag>
          <div style={{ fontSize: 12, color: '#909399' }}>
            {(u.vip_time || u.vip_life > 0) && <div>标准：{expiry(u.vip_time, u.vip_life)}</div>}
            {(u.svip_time || u.svip_life > 0) && <div>高级：{expiry(u.svip_time, u.svip_life)}</div>}
          </div>
        </div>
      ),
    },
    { title: '文件数', dataIndex: 'files', key: 'files', width: 70 },
    { title: '任务数', dataIndex: 'tasks', key: 'tasks', width: 70 },
    { title: '角色', dataIndex: 'roles', key: 'roles', width: 100, render: (r: string[]) => r.map((x) => <Tag key={x}>{x === 'operator' ? '运营' : x === 'admin' ? '用户' : x}</Tag>) },
    {
      title: '账号',
      key: 'locked',
      width: 80,
      render: (_: unknown, u) =>
        u.locked ? (
          <Tooltip title={u.lock_reason ? `原因：${u.lock_reason}` : undefined}>
            <Tag color="error">已锁定</Tag>
          </Tooltip>
        ) : (
          <Tag color="success">正常</Tag>
        ),
    },
    { title: '注册时间', dataIndex: 'create_time', key: 'created', width: 110, render: (t: string) => <TimeLabel time={t} /> },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_: unknown, u) => (
        <Space>
          <Button size="small" type="link" onClick={() => setMembership(u)}>
            调整会员
          </Button>
          <Button size="small" type="link" danger={!u.locked} onClick={() => setLocking(u)}>
            {u.locked ? '解锁' : '锁定'}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" title="用户" data-testid="ops-users">
      <Input.Search
        value={input}
        onChange={(e) => setInput(e.target.value)}
        onSearch={(v) => {
          setQ(v.trim());
          setPage(1);
        }}
        placeholder="手机号或昵称"
        allowClear
        maxLength={64}
        enterButton="搜索"
        style={{ width: 320, marginBottom: 12 }}
        data-testid="ops-user-search"
      />
      <Table<OpsUser>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching && !list.data}
        locale={{ emptyText: q ? '没有找到匹配的用户' : '暂无用户' }}
        pagination={{ current: page, pageSize: OPS_PAGE_SIZE, total: list.data?.count ?? 0, hideOnSinglePage: true, showSizeChanger: false, showTotal: (n) => `共 ${n} 人`, onChange: setPage }}
      />
      <MembershipDialog user={membership} onClose={() => setMembership(null)} />
      <ReasonDialog
        open={locking !== null}
        title={locking?.locked ? '解锁账号' : '锁定账号'}
        description={
          locking?.locked
            ? `解锁后 ${locking.username || locking.mobile} 可以重新登录。`
            : `锁定后 ${locking?.username || locking?.mobile || ''} 将立即退出登录，且无法再登录或使用任何功能。`
        }
        okText={locking?.locked ? '解锁' : '锁定'}
        danger={!locking?.locked}
        onSubmit={async (reason) => {
          const env = await lock.mutateAsync({ userId: locking!.id, locked: !locking!.locked, reason });
          ui.message?.success(env.msg || '操作成功');
        }}
        onClose={() => setLocking(null)}
      />
    </Card>
  );
}
