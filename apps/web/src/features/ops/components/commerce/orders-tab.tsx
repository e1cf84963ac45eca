// 订单: search by order id, phone or nickname and status; an unpaid order can be closed by hand
// (through the payment service, with a reason).
import { OPS_PAGE_SIZE, type OpsOrder } from '@labstat/contracts';
import { Button, Input, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { TimeLabel } from '../../../../components/time-label';
import { ui } from '../../../../lib/ui-bridge';
import { useOrderClose } from '../../api/order-close';
import { useOpsOrders, type OrderStatusFilter } from '../../api/orders';
import { yuan } from '../../format';
import { ReasonDialog } from '../reason-dialog';

const STATUS: { value: OrderStatusFilter; label: string }[] = [
  { value: 'all', label: '全部状态' },
  { value: 'created', label: '待支付' },
  { value: 'paid', label: '已支付' },
  { value: 'expired', label: '已过期' },
  { value: 'closed', label: '已关闭' },
];
const COLOR: Record<OpsOrder['status'], string> = { created: 'processing', paid: 'success', expired: 'default', closed: 'error' };

export function OrdersTab() {
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<OrderStatusFilter>('all');
  const [page, setPage] = useState(1);
  const list = useOpsOrders(q, status, page);
  const close = useOrderClose();
  const [closing, setClosing] = useState<OpsOrder | null>(null);

  const columns: ColumnsType<OpsOrder> = [
    { title: '订单号', dataIndex: 'order_id', key: 'id', width: 220, render: (id: string) => <Typography.Text copyable>{id}</Typography.Text> },
    {
      title: '用户',
      key: 'user',
      render: (_: unknown, o) => (
        <span>
          {o.username || '未命名用户'} <Typography.Text type="secondary">{o.mobile}</Typography.Text>
        </span>
      ),
    },
    { title: '商品', dataIndex: 'product', key: 'product' },
    { title: '金额', dataIndex: 'money', key: 'money', width: 100, render: (m: number) => `¥${yuan(m)}` },
    { title: '状态', key: 'status', width: 90, render: (_: unknown, o) => <Tag color={COLOR[o.status]}>{o.status_label}</Tag> },
    { title: '支付渠道', dataIndex: 'provider', key: 'provider', width: 100 },
    { title: '创建时间', dataIndex: 'create_time', key: 'created', width: 130, render: (t: string) => <TimeLabel time={t} /> },
    { title: '支付时间', dataIndex: 'pay_time', key: 'paid', width: 130, render: (t: string | null) => <TimeLabel time={t} /> },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      render: (_: unknown, o) =>
        o.status === 'created' ? (
          <Button size="small" type="link" danger onClick={() => setClosing(o)}>
            关闭订单
          </Button>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <div data-testid="ops-orders">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
          placeholder="订单号、手机号或昵称"
          allowClear
          maxLength={64}
          enterButton="搜索"
          style={{ width: 320 }}
        />
        <Select<OrderStatusFilter>
          value={status}
          options={STATUS}
          onChange={(v) => {
            setStatus(v);
            setPage(1);
          }}
          style={{ width: 130 }}
        />
      </Space>
      <Table<OpsOrder>
        rowKey="order_id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching && !list.data}
        locale={{ emptyText: '没有符合条件的订单' }}
        pagination={{ current: page, pageSize: OPS_PAGE_SIZE, total: list.data?.count ?? 0, hideOnSinglePage: true, showSizeChanger: false, showTotal: (n) => `共 ${n} 条`, onChange: setPage }}
      />
      <ReasonDialog
        open={closing !== null}
        title="关闭订单"
        description={closing && `关闭订单 ${closing.order_id}（¥${yuan(closing.money)}）后用户将无法再支付该订单。`}
        okText="关闭订单"
        danger
        onSubmit={async (reason) => {
          const env = await close.mutateAsync({ order_id: closing!.order_id, reason });
          ui.message?.success(env.msg || '订单已关闭');
        }}
        onClose={() => setClosing(null)}
      />
    </div>
  );
}
