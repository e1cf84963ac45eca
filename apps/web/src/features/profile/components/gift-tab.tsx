// 礼品 (spec 02 §2, §4): name, description, redeem time and 激活 per gift (an activated one shows a
// disabled 已激活); 激活 lists the gift types, and the choice activates it → 激活成功!.
import { CommerceMessages, GIFT_PAGE_SIZE, type GiftItem } from '@labstat/contracts';
import { Button, Empty, Modal, Radio, Result, Spin, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { TimeLabel } from '../../../components/time-label';
import { useGiftTypes } from '../../../lib/commerce-api/gift-check';
import { useGifts } from '../../../lib/commerce-api/gift-list';
import { useActivateGift } from '../../../lib/commerce-api/gift-use';
import { ui } from '../../../lib/ui-bridge';

function ActivateDialog({ gift, onClose }: { gift: GiftItem | null; onClose(): void }) {
  const types = useGiftTypes(gift?.id ?? null);
  const activate = useActivateGift();
  const [choice, setChoice] = useState<number | null>(null);
  const close = () => {
    setChoice(null);
    onClose();
  };
  const ok = async () => {
    if (!gift || choice === null || activate.isPending) return;
    try {
      await activate.mutateAsync({ gift_type_id: choice, user_gift_id: gift.id });
    } catch {
      return;
    }
    ui.message?.success(CommerceMessages.giftOk);
    close();
  };
  return (
    <Modal
      open={!!gift}
      title={gift ? `激活礼品：${gift.name}` : ''}
      onCancel={close}
      onOk={() => void ok()}
      okText="激活"
      cancelText="取消"
      okButtonProps={{ disabled: choice === null, loading: activate.isPending }}
      destroyOnHidden
      data-testid="gift-dialog"
    >
      {types.isPending ? (
        <Spin />
      ) : types.isError ? (
        <Result status="error" title="礼品类型加载失败" extra={<Button onClick={() => void types.refetch()}>重试</Button>} />
      ) : !types.data.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无可选的礼品类型" />
      ) : (
        <>
          <p>请选择要激活的礼品类型：</p>
          <Radio.Group
            value={choice}
            onChange={(e) => setChoice(e.target.value as number)}
            style={{ display: 'grid', gap: 8 }}
            options={types.data.map((t) => ({ value: t.gift_type_id, label: t.label }))}
          />
        </>
      )}
    </Modal>
  );
}

export function GiftTab() {
  const [page, setPage] = useState(1);
  const gifts = useGifts(page);
  const [active, setActive] = useState<GiftItem | null>(null);
  const columns: ColumnsType<GiftItem> = [
    { title: '礼品名称', dataIndex: 'name', key: 'name' },
    { title: '描述', dataIndex: 'description', key: 'description' },
    { title: '兑换时间', dataIndex: 'used_at', key: 'used_at', width: 170, render: (v: string | null) => <TimeLabel time={v} /> },
    {
      title: '操作',
      key: 'action',
      width: 110,
      render: (_v, g) =>
        g.used ? (
          <Button size="small" disabled>
            已激活
          </Button>
        ) : (
          <Button size="small" type="primary" onClick={() => setActive(g)} data-testid={`gift-activate-${g.id}`}>
            激活
          </Button>
        ),
    },
  ];
  if (gifts.isError && !gifts.data) {
    return <Result status="error" title="礼品加载失败" extra={<Button onClick={() => void gifts.refetch()}>重试</Button>} />;
  }
  return (
    <>
      <Table<GiftItem>
        data-testid="gift-table"
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={gifts.data?.list ?? []}
        loading={gifts.isFetching}
        locale={{ emptyText: '暂无礼品' }}
        pagination={{ current: page, pageSize: GIFT_PAGE_SIZE, total: gifts.data?.count ?? 0, showSizeChanger: false, onChange: setPage, hideOnSinglePage: true }}
      />
      <ActivateDialog key={active?.id ?? 0} gift={active} onClose={() => setActive(null)} />
    </>
  );
}
