// 兑换 (spec 02 §2, §7): the redeem-code input (POST /v2/user/redeem → 兑换成功) and the user's
// redemptions: product, type, duration, time; 20 per page.
import { CommerceMessages, ORDER_PAGE_SIZE, type RedemptionItem } from '@labstat/contracts';
import { Button, Input, Result, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { TimeLabel } from '../../../components/time-label';
import { useRedeemCode } from '../../../lib/commerce-api/redeem';
import { useRedemptions } from '../../../lib/commerce-api/redeem-query';
import { ui } from '../../../lib/ui-bridge';

const columns: ColumnsType<RedemptionItem> = [
  { title: '商品', dataIndex: 'product', key: 'product' },
  { title: '类型', dataIndex: 'productType', key: 'productType' },
  { title: '时长', dataIndex: 'duration', key: 'duration' },
  { title: '兑换时间', dataIndex: 'createTime', key: 'createTime', width: 170, render: (v: string) => <TimeLabel time={v} /> },
];

export function ExchangeTab() {
  const [code, setCode] = useState('');
  const [page, setPage] = useState(1);
  const redeem = useRedeemCode();
  const list = useRedemptions(page);

  const submit = async () => {
    const value = code.trim();
    if (!value) {
      ui.message?.warning(CommerceMessages.redeemEmpty);
      return;
    }
    if (redeem.isPending) return;
    try {
      await redeem.mutateAsync(value);
    } catch {
      return;
    }
    ui.message?.success(CommerceMessages.redeemOk);
    setCode('');
    setPage(1);
  };

  return (
    <div style={{ display: 'grid', gap: 20 }}>
      <div>
        <Typography.Paragraph type="secondary">输入兑换码，兑换会员时长或礼品。</Typography.Paragraph>
        <Space.Compact style={{ width: '100%', maxWidth: 480 }}>
          <Input
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onPressEnter={() => void submit()}
            placeholder="请输入兑换码"
            maxLength={64}
            allowClear
            data-testid="redeem-input"
          />
          <Button type="primary" loading={redeem.isPending} onClick={() => void submit()} data-testid="redeem-submit">
            兑换
          </Button>
        </Space.Compact>
      </div>
      {list.isError && !list.data ? (
        <Result status="error" title="兑换记录加载失败" extra={<Button onClick={() => void list.refetch()}>重试</Button>} />
      ) : (
        <Table<RedemptionItem>
          data-testid="redemption-table"
          rowKey={(r) => `${r.createTime}-${r.product}-${r.duration}`}
          size="middle"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          locale={{ emptyText: '暂无兑换记录' }}
          pagination={{ current: page, pageSize: ORDER_PAGE_SIZE, total: list.data?.count ?? 0, showSizeChanger: false, onChange: setPage, hideOnSinglePage: true }}
        />
      )}
    </div>
  );
}
