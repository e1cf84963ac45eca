// 我的订单 (spec 02 §2): order id, product, created, paid, amount in yuan, status; 20 per page.
import { ORDER_PAGE_SIZE, type OrderItem } from '@labstat/contracts';
import { Button, Result, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { TimeLabel } from '../../../components/time-label';
import { useOrders } from '../../../lib/commerce-api/orders';

const money = (v: number) => `￥${Number.isInteger(v) ? v : v.toFixed(2)}`;

const columns: ColumnsType<OrderItem> = [
  {
    title: '订单号',
    dataIndex: 'order_id',
    key: 'order_id',
    render: (id: string) => (
      <Typography.Text copyable={{ text: id, tooltips: ['复制', '已复制'] }} style={{ fontFamily: 'monospace', fontSize: 12 }}>
        {id}
      </Typography.Text>
    ),
  },
  { title: '商品', dataIndex: 'product', key: 'product' },
  { title: '创建时间', dataIndex: 'create_time', key: 'create_time', width: 170, render: (v: string) => <TimeLabel time={v} /> },
  { title: '支付时间', dataIndex: 'pay_time', key: 'pay_time', width: 170, render: (v: string | null) => <TimeLabel time={v} /> },
  { title: '金额', dataIndex: 'money', key: 'money', width: 100, render: money },
  { title: '交易状态', dataIndex: 'trading_status', key: 'trading_status', width: 100 },
];

export function OrderTab() {
  const [page, setPage] = useState(1);
  const orders = useOrders(page);
  if (orders.isError && !orders.data) {
    return <Result status="error" title="订单加载失败" extra={<Button onClick={() => void orders.refetch()}>重试</Button>} />;
  }
  return (
    <Table<OrderItem>
      data-testid="order-table"
      rowKey="order_id"
      size="middle"
      columns={columns}
      dataSource={orders.data?.list ?? []}
      loading={orders.isFetching}
      locale={{ emptyText: '暂无订单' }}
      scroll={{ x: 800 }}
      pagination={{ current: page, pageSize: ORDER_PAGE_SIZE, total: orders.data?.count ?? 0, showSizeChanger: false, onChange: setPage, hideOnSinglePage: true }}
    />
  );
}
