// 兑换码: batches of redeem codes — create (a reason is required, the codes are shown once and can be
// exported as CSV at any time), void a whole batch's unused codes, or void one code.
import { DownloadOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import { OpsBatchCreate, OpsCodeVoid, type OpsBatch } from '@labstat/contracts';
import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { TimeLabel } from '../../../../components/time-label';
import { ui } from '../../../../lib/ui-bridge';
import { useBatchCreate } from '../../api/batch-create';
import { exportBatch } from '../../api/batch-export';
import { useBatchVoid } from '../../api/batch-void';
import { useOpsBatches } from '../../api/batches';
import { useCodeVoid } from '../../api/code-void';
import { TIER_TEXT } from '../../format';
import { ListCard } from '../list-card';
import { ReasonDialog } from '../reason-dialog';
import { ReasonField } from '../reason-field';
import { zodRule } from '../zod-rule';

type CreateValues = { tier: 'vip' | 'svip'; lifetime: boolean; days: number; count: number; expires: string; note: string; reason: string };

function CreateBatchDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(r: { batchId: number; codes: string[] }): void }) {
  const create = useBatchCreate();
  const [form] = Form.useForm<CreateValues>();
  const lifetime = Form.useWatch('lifetime', form);
  const submit = async () => {
    const v = await form.validateFields();
    const env = await create.mutateAsync({
      tier: v.tier,
      days: v.lifetime ? null : v.days,
      count: v.count,
      expires: v.expires?.trim() ? v.expires.trim() : null,
      note: (v.note ?? '').trim(),
      reason: v.reason.trim(),
    });
    ui.message?.success(env.msg || `已生成 ${env.data.codes.length} 个兑换码`);
    form.resetFields();
    onCreated(env.data);
  };
  return (
    <Modal open={open} title="生成兑换码" width={560} okText="生成" cancelText="取消" confirmLoading={create.isPending} onOk={() => void submit().catch(() => undefined)} onCancel={onClose} forceRender>
      <Form form={form} layout="vertical" initialValues={{ tier: 'vip', lifetime: false, days: 30, count: 10, expires: '', note: '', reason: '' }} data-testid="batch-form">
        <Form.Item name="tier" label="会员类型">
          <Radio.Group options={[{ value: 'vip', label: '标准会员' }, { value: 'svip', label: '高级会员' }]} />
        </Form.Item>
        <Space size="large" align="start">
          <Form.Item name="lifetime" label="永久" valuePropName="checked">
            <Switch />
          </Form.Item>
          {!lifetime && (
            <Form.Item name="days" label="会员时长（天）" rules={[{ required: true, message: '请填写时长' }]}>
              <InputNumber min={1} max={36_500} precision={0} data-testid="batch-days" />
            </Form.Item>
          )}
          <Form.Item name="count" label="数量" rules={[{ required: true, message: '请填写数量' }]}>
            <InputNumber min={1} max={10_000} precision={0} data-testid="batch-count" />
          </Form.Item>
        </Space>
        <Form.Item name="expires" label="兑换截止日（北京时间，含当天；空为长期有效）" rules={[{ validator: async (_r, v: string) => { if (v && !OpsBatchCreate.shape.expires.safeParse(v).success) throw new Error('日期格式应为 YYYY-MM-DD'); } }]}>
          <Input type="date" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="note" label="备注（渠道、活动名称）">
          <Input maxLength={200} />
        </Form.Item>
        <ReasonField />
      </Form>
    </Modal>
  );
}

function VoidCodeDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const voidCode = useCodeVoid();
  const [form] = Form.useForm<{ code: string; reason: string }>();
  const submit = async () => {
    const v = await form.validateFields();
    const env = await voidCode.mutateAsync({ code: v.code.trim(), reason: v.reason.trim() });
    ui.message?.success(env.msg || '已作废');
    form.resetFields();
    onClose();
  };
  return (
    <Modal open={open} title="作废单个兑换码" okText="作废" okButtonProps={{ danger: true }} cancelText="取消" confirmLoading={voidCode.isPending} onOk={() => void submit().catch(() => undefined)} onCancel={onClose} forceRender>
      <Form form={form} layout="vertical">
        <Form.Item name="code" label="兑换码" required rules={[zodRule(OpsCodeVoid.shape.code, '请填写兑换码')]}>
          <Input maxLength={64} />
        </Form.Item>
        <ReasonField />
      </Form>
    </Modal>
  );
}

export function BatchesTab() {
  const [page, setPage] = useState(1);
  const list = useOpsBatches(page);
  const voidBatch = useBatchVoid();
  const [creating, setCreating] = useState(false);
  const [voidingCode, setVoidingCode] = useState(false);
  const [created, setCreated] = useState<{ batchId: number; codes: string[] } | null>(null);
  const [voiding, setVoiding] = useState<OpsBatch | null>(null);

  const columns: ColumnsType<OpsBatch> = [
    { title: '批次', dataIndex: 'id', key: 'id', width: 70 },
    { title: '会员', dataIndex: 'tier', key: 'tier', width: 100, render: (t: 'vip' | 'svip') => <Tag color={t === 'svip' ? 'gold' : 'blue'}>{TIER_TEXT[t]}</Tag> },
    { title: '时长', dataIndex: 'duration', key: 'duration', width: 80 },
    { title: '数量', dataIndex: 'count', key: 'count', width: 70 },
    { title: '已兑换', dataIndex: 'used', key: 'used', width: 80 },
    { title: '已作废', dataIndex: 'voided', key: 'voided', width: 80 },
    { title: '兑换截止', dataIndex: 'expire_time', key: 'expires', width: 170, render: (t: string | null) => t ?? '长期' },
    { title: '备注', dataIndex: 'note', key: 'note', ellipsis: true, render: (n: string) => n || '—' },
    { title: '创建时间', dataIndex: 'create_time', key: 'created', width: 140, render: (t: string) => <TimeLabel time={t} /> },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_: unknown, b) => (
        <Space>
          <Button size="small" type="link" icon={<DownloadOutlined />} onClick={() => void exportBatch(b.id).catch(() => undefined)} data-testid={`batch-export-${b.id}`}>
            导出
          </Button>
          <Button size="small" type="link" danger icon={<StopOutlined />} disabled={b.used + b.voided >= b.count} onClick={() => setVoiding(b)}>
            作废
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <>
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="batch-create">
          生成兑换码
        </Button>
        <Button icon={<StopOutlined />} onClick={() => setVoidingCode(true)}>
          作废单个兑换码
        </Button>
      </Space>
      <ListCard<OpsBatch> rowKey="id" columns={columns} data={list.data} loading={list.isFetching && !list.data} page={page} onPage={setPage} empty="还没有兑换码批次" data-testid="ops-batches" />
      <CreateBatchDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(r) => {
          setCreating(false);
          setCreated(r);
        }}
      />
      <VoidCodeDialog open={voidingCode} onClose={() => setVoidingCode(false)} />
      <Modal
        open={created !== null}
        title={`批次 ${created?.batchId ?? ''}：已生成 ${created?.codes.length ?? 0} 个兑换码`}
        width={560}
        onCancel={() => setCreated(null)}
        footer={
          <Space>
            <Button icon={<DownloadOutlined />} onClick={() => created && void exportBatch(created.batchId).catch(() => undefined)}>
              导出 CSV
            </Button>
            <Button type="primary" onClick={() => setCreated(null)}>
              完成
            </Button>
          </Space>
        }
      >
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title="兑换码可随时在批次列表中导出；请通过安全渠道发放。" />
        <Typography.Paragraph copyable={{ text: created?.codes.join('\n') ?? '', tooltips: ['复制全部', '已复制'] }} style={{ marginBottom: 4 }}>
          复制全部
        </Typography.Paragraph>
        <pre style={{ maxHeight: 280, overflow: 'auto', background: '#f5f7fa', padding: 12, borderRadius: 6, margin: 0 }} data-testid="batch-codes">
          {created?.codes.join('\n')}
        </pre>
      </Modal>
      <ReasonDialog
        open={voiding !== null}
        title={`作废批次 ${voiding?.id ?? ''} 的未使用兑换码`}
        description={voiding && `将作废该批次中 ${voiding.count - voiding.used - voiding.voided} 个未使用的兑换码，已兑换的不受影响。此操作不可撤销。`}
        okText="作废"
        danger
        onSubmit={async (reason) => {
          const env = await voidBatch.mutateAsync({ id: voiding!.id, reason });
          ui.message?.success(env.msg || `已作废 ${env.data.voided} 个兑换码`);
        }}
        onClose={() => setVoiding(null)}
      />
    </>
  );
}
