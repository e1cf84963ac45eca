// 套餐与促销: plans with price, the promotion (original price and end time) and visibility.
import { OpsProductSave, type OpsProduct } from '@labstat/contracts';
import { Button, Form, Input, InputNumber, Modal, Radio, Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ui } from '../../../../lib/ui-bridge';
import { useProductSave } from '../../api/product-save';
import { useOpsProducts } from '../../api/products';
import { durationText, TIER_TEXT, yuan } from '../../format';
import { ActiveTag } from '../active-tag';
import { ListCard } from '../list-card';
import { ReasonField } from '../reason-field';
import { zodRule } from '../zod-rule';

type Values = {
  vip_pid: string;
  tier: 'vip' | 'svip';
  lifetime: boolean;
  days: number | null;
  display_p: string;
  price: number;
  before_price: number | null;
  promo_end_time: string;
  sort: number;
  active: boolean;
  reason: string;
};

const PROMO_END = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export function ProductsTab() {
  const [page, setPage] = useState(1);
  const list = useOpsProducts(page);
  const save = useProductSave();
  const [editing, setEditing] = useState<OpsProduct | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const lifetime = Form.useWatch('lifetime', form);

  const open = (p: OpsProduct | 'new') => {
    setEditing(p);
    form.setFieldsValue(
      p === 'new'
        ? { vip_pid: '', tier: 'vip', lifetime: false, days: 30, display_p: '', price: 19.9, before_price: null, promo_end_time: '', sort: 0, active: true, reason: '' }
        : { ...p, lifetime: p.days === null, promo_end_time: p.promo_end_time ?? '', reason: '' },
    );
  };
  const submit = async () => {
    const v = await form.validateFields();
    const env = await save.mutateAsync({
      vip_pid: v.vip_pid.trim(),
      tier: v.tier,
      days: v.lifetime ? null : v.days,
      display_p: v.display_p.trim(),
      price: v.price,
      before_price: v.before_price ?? null,
      promo_end_time: v.before_price && v.promo_end_time.trim() ? v.promo_end_time.trim() : null,
      sort: v.sort,
      active: v.active,
      reason: (v.reason ?? '').trim(),
    });
    ui.message?.success(env.msg || '保存成功');
    setEditing(null);
  };

  const columns: ColumnsType<OpsProduct> = [
    { title: '编号', dataIndex: 'vip_pid', key: 'pid', width: 110 },
    { title: '套餐名称', dataIndex: 'display_p', key: 'name' },
    { title: '会员', dataIndex: 'tier', key: 'tier', width: 100, render: (t: 'vip' | 'svip') => <Tag color={t === 'svip' ? 'gold' : 'blue'}>{TIER_TEXT[t]}</Tag> },
    { title: '时长', dataIndex: 'days', key: 'days', width: 80, render: (d: number | null) => durationText(d) },
    {
      title: '价格',
      key: 'price',
      width: 160,
      render: (_: unknown, p) => (
        <span>
          ¥{yuan(p.price)}
          {p.before_price !== null && (
            <Typography.Text delete type="secondary" style={{ marginLeft: 6 }}>
              ¥{yuan(p.before_price)}
            </Typography.Text>
          )}
        </span>
      ),
    },
    { title: '促销截止', dataIndex: 'promo_end_time', key: 'promo', width: 170, render: (t: string | null, p) => (p.before_price === null ? '—' : t ?? '长期') },
    { title: '排序', dataIndex: 'sort', key: 'sort', width: 70 },
    { title: '状态', dataIndex: 'active', key: 'active', width: 90, render: (a: boolean) => <ActiveTag active={a} /> },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_: unknown, p) => (
        <Button size="small" type="link" onClick={() => open(p)}>
          编辑
        </Button>
      ),
    },
  ];

  return (
    <>
      <ListCard<OpsProduct>
        hint="会员中心展示的套餐；填写原价即为促销（显示划线价与倒计时）。"
        addText="新增套餐"
        onAdd={() => open('new')}
        rowKey="vip_pid"
        columns={columns}
        data={list.data}
        loading={list.isFetching && !list.data}
        page={page}
        onPage={setPage}
        empty="暂无套餐"
        data-testid="ops-products"
      />
      <Modal open={editing !== null} title={editing === 'new' ? '新增套餐' : '编辑套餐'} width={640} okText="保存" cancelText="取消" confirmLoading={save.isPending} onOk={() => void submit().catch(() => undefined)} onCancel={() => setEditing(null)} forceRender>
        <Form form={form} layout="vertical">
          <Space size="large" align="start">
            <Form.Item name="vip_pid" label="套餐编号" required rules={[zodRule(OpsProductSave.shape.vip_pid, '套餐编号只能包含字母、数字、-和_')]}>
              <Input maxLength={32} disabled={editing !== 'new'} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="display_p" label="套餐名称" required rules={[zodRule(OpsProductSave.shape.display_p, '请填写套餐名称')]}>
              <Input maxLength={40} style={{ width: 260 }} />
            </Form.Item>
          </Space>
          <Space size="large" align="start">
            <Form.Item name="tier" label="会员类型">
              <Radio.Group options={[{ value: 'vip', label: '标准会员' }, { value: 'svip', label: '高级会员' }]} />
            </Form.Item>
            <Form.Item name="lifetime" label="永久" valuePropName="checked">
              <Switch />
            </Form.Item>
            {!lifetime && (
              <Form.Item name="days" label="时长（天）" rules={[{ required: true, message: '请填写时长' }]}>
                <InputNumber min={1} max={36_500} precision={0} />
              </Form.Item>
            )}
          </Space>
          <Space size="large" align="start">
            <Form.Item name="price" label="售价（元）" rules={[{ required: true, message: '请填写售价' }]}>
              <InputNumber min={0.01} max={100_000} precision={2} />
            </Form.Item>
            <Form.Item
              name="before_price"
              label="原价（元，促销时填写）"
              dependencies={['price']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_r, v: number | null) => {
                    if (v !== null && v !== undefined && v <= getFieldValue('price')) throw new Error('原价应高于售价');
                  },
                }),
              ]}
            >
              <InputNumber min={0.01} max={100_000} precision={2} />
            </Form.Item>
            <Form.Item name="promo_end_time" label="促销截止（北京时间）" rules={[{ validator: async (_r, v: string) => { if (v?.trim() && !PROMO_END.test(v.trim())) throw new Error('格式：YYYY-MM-DD HH:mm:ss'); } }]}>
              <Input placeholder="2026-12-31 23:59:59（空为长期）" style={{ width: 220 }} />
            </Form.Item>
          </Space>
          <Space size="large">
            <Form.Item name="sort" label="排序（小的在前）">
              <InputNumber min={0} max={100_000} precision={0} />
            </Form.Item>
            <Form.Item name="active" label="上架" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <ReasonField required={false} />
        </Form>
      </Modal>
    </>
  );
}
