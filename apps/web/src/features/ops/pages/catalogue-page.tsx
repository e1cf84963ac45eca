// 工具目录: every tool with its switches — enabled (a disabled tool leaves every list and refuses
// submissions at once), VIP level, hot order (list position), manual override and video. Changes
// apply without a restart and survive re-seeding (the server keeps them apart from the seed).
import { UploadOutlined } from '@ant-design/icons';
import { OPS_PAGE_SIZE, type OpsTool } from '@labstat/contracts';
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Progress, Select, Space, Switch, Table, Tag, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { TimeLabel } from '../../../components/time-label';
import { ui } from '../../../lib/ui-bridge';
import { useToolUpdate } from '../api/tool-update';
import { useToolVideo } from '../api/tool-video';
import { useToolVideoClear } from '../api/tool-video-clear';
import { useOpsTools } from '../api/tools';
import { ManualPreview } from '../components/manual-preview';
import { ReasonField } from '../components/reason-field';

const FAMILIES = [
  { value: '', label: '全部类别' },
  { value: 'visual', label: '可视化工具' },
  { value: 'small_process', label: '小流程工具' },
  { value: 'med', label: '医学统计工具' },
  { value: 'advanced', label: '高级工具' },
];
const FAMILY_TEXT: Record<string, string> = Object.fromEntries(FAMILIES.filter((f) => f.value).map((f) => [f.value, f.label]));
const LEVEL_TEXT = ['免费', '标准会员', '高级会员'] as const;
const VIDEO_ACCEPT = 'video/mp4,video/webm';

type EditValues = { enabled: boolean; vip: number | 'default'; hot: number | null; manualOn: boolean; manual: string; reason: string };

function ToolDialog({ tool, onClose }: { tool: OpsTool | null; onClose(): void }) {
  const update = useToolUpdate();
  const video = useToolVideo();
  const clearVideo = useToolVideoClear();
  const [progress, setProgress] = useState<number | null>(null);
  const [form] = Form.useForm<EditValues>();
  const manualOn = Form.useWatch('manualOn', form);
  const manual = Form.useWatch('manual', form) ?? '';

  const submit = async () => {
    const v = await form.validateFields();
    const t = tool!;
    const vip = v.vip === 'default' ? null : (v.vip as 0 | 1 | 2);
    const manualOverride = v.manualOn ? v.manual : null;
    const env = await update.mutateAsync({
      id: t.id,
      ...(v.enabled !== t.enabled ? { enabled: v.enabled } : {}),
      ...(vip !== t.vip_override ? { vip_override: vip } : {}),
      ...(v.hot !== t.hot_order ? { hot_order: v.hot } : {}),
      ...(manualOverride !== t.manual_override ? { manual_override: manualOverride } : {}),
      reason: (v.reason ?? '').trim(),
    });
    ui.message?.success(env.msg || '保存成功');
    onClose();
  };
  const upload = async (file: File) => {
    if (!tool) return;
    setProgress(0);
    try {
      await video.mutateAsync({ id: tool.id, file, onProgress: setProgress });
      ui.message?.success('视频已上传');
    } catch {
      // The API client showed why.
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal
      open={tool !== null}
      title={tool ? `工具设置：${tool.name}（${tool.id}）` : ''}
      width={860}
      okText="保存"
      cancelText="取消"
      confirmLoading={update.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {tool && (
        <Form
          key={tool.id}
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{
            enabled: tool.enabled,
            vip: tool.vip_override ?? 'default',
            hot: tool.hot_order,
            manualOn: tool.manual_override !== null,
            manual: tool.manual_override ?? '',
            reason: '',
          }}
        >
          <Space size="large" align="start" wrap>
            <Form.Item name="enabled" label="启用" valuePropName="checked" extra="停用后从所有列表与搜索中消失，提交分析时被拒绝。">
              <Switch checkedChildren="启用" unCheckedChildren="停用" />
            </Form.Item>
            <Form.Item name="vip" label="会员等级">
              <Select
                style={{ width: 200 }}
                options={[
                  { value: 'default', label: `默认（${LEVEL_TEXT[tool.default_vip_level]}）` },
                  ...LEVEL_TEXT.map((label, value) => ({ value, label })),
                ]}
              />
            </Form.Item>
            <Form.Item name="hot" label="热门排序（小的在前，空为默认）">
              <InputNumber min={0} max={100_000} precision={0} placeholder={`默认 ${tool.order}`} />
            </Form.Item>
          </Space>
          <Form.Item name="manualOn" label="使用自定义说明书（代替工具自带说明书）" valuePropName="checked">
            <Switch />
          </Form.Item>
          {manualOn && (
            <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
              <Form.Item name="manual" rules={[{ validator: async (_r, v: string) => { if (!v?.trim()) throw new Error('请填写说明书内容（Markdown）'); } }]}>
                <Input.TextArea rows={12} maxLength={200_000} placeholder="# 工具说明（Markdown）" style={{ fontFamily: 'monospace', fontSize: 12 }} />
              </Form.Item>
              <div style={{ border: '1px dashed #d9d9d9', borderRadius: 6, padding: '8px 12px', maxHeight: 300, overflow: 'auto' }}>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  预览
                </Typography.Text>
                <ManualPreview markdown={manual} />
              </div>
            </div>
          )}
          <Form.Item label="视频（统计课堂与工具卡片演示，MP4 或 WebM）">
            <Space>
              {tool.has_video ? <Tag color="success">已有视频</Tag> : <Tag>暂无视频</Tag>}
              <Upload accept={VIDEO_ACCEPT} showUploadList={false} beforeUpload={(f) => (void upload(f), false)}>
                <Button icon={<UploadOutlined />} loading={progress !== null}>
                  {tool.has_video ? '替换视频' : '上传视频'}
                </Button>
              </Upload>
              {tool.has_video && (
                <Popconfirm
                  title="确定删除该工具的视频吗？"
                  okText="删除"
                  cancelText="取消"
                  onConfirm={() => clearVideo.mutateAsync({ id: tool.id }).then((e) => ui.message?.success(e.msg || '视频已删除'))}
                >
                  <Button danger>删除视频</Button>
                </Popconfirm>
              )}
              {progress !== null && <Progress percent={progress} size="small" style={{ width: 160 }} />}
            </Space>
          </Form.Item>
          <ReasonField required={false} />
        </Form>
      )}
    </Modal>
  );
}

export function OpsCataloguePage() {
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const [family, setFamily] = useState('');
  const [page, setPage] = useState(1);
  const list = useOpsTools(q, family, page);
  const update = useToolUpdate();
  const [editing, setEditing] = useState<number | null>(null);
  const editingTool = list.data?.list.find((t) => t.id === editing) ?? null;

  const toggle = async (t: OpsTool) => {
    const env = await update.mutateAsync({ id: t.id, enabled: !t.enabled });
    ui.message?.success(env.msg || (t.enabled ? '已停用' : '已启用'));
  };

  const columns: ColumnsType<OpsTool> = [
    { title: 'ID', dataIndex: 'id', key: 'id', width: 70 },
    { title: '工具', dataIndex: 'name', key: 'name', render: (n: string, t) => (<span>{n} <Typography.Text type="secondary" style={{ fontSize: 12 }}>{t.key}</Typography.Text></span>) },
    { title: '类别', dataIndex: 'family', key: 'family', width: 110, render: (f: string) => FAMILY_TEXT[f] ?? f },
    {
      title: '启用',
      key: 'enabled',
      width: 90,
      render: (_: unknown, t) => (
        <Popconfirm
          title={t.enabled ? '停用该工具？' : '启用该工具？'}
          description={t.enabled ? '停用后用户在所有列表中看不到它，提交分析会被拒绝。' : '启用后用户立即可以使用。'}
          okText={t.enabled ? '停用' : '启用'}
          cancelText="取消"
          onConfirm={() => toggle(t).catch(() => undefined)}
        >
          <Switch checked={t.enabled} size="small" aria-label={`${t.name}启用`} data-testid={`tool-enabled-${t.id}`} />
        </Popconfirm>
      ),
    },
    {
      title: '会员等级',
      key: 'vip',
      width: 130,
      render: (_: unknown, t) => (
        <span>
          {LEVEL_TEXT[t.vip_level]}
          {t.vip_override !== null && <Tag style={{ marginLeft: 4 }}>已调整</Tag>}
        </span>
      ),
    },
    { title: '排序', key: 'order', width: 90, render: (_: unknown, t) => (t.hot_order !== null ? <Tag color="orange">热门 {t.hot_order}</Tag> : t.order) },
    { title: '说明书', key: 'manual', width: 90, render: (_: unknown, t) => (t.manual_override !== null ? <Tag color="blue">自定义</Tag> : '自带') },
    { title: '视频', key: 'video', width: 70, render: (_: unknown, t) => (t.has_video ? '有' : '—') },
    { title: '更新', dataIndex: 'update_time', key: 'updated', width: 110, render: (t: string) => <TimeLabel time={t} /> },
    {
      title: '操作',
      key: 'actions',
      width: 80,
      render: (_: unknown, t) => (
        <Button size="small" type="link" onClick={() => setEditing(t.id)} data-testid={`tool-edit-${t.id}`}>
          设置
        </Button>
      ),
    },
  ];

  return (
    <Card size="small" title="工具目录" data-testid="ops-catalogue">
      <Space style={{ marginBottom: 12 }} wrap>
        <Input.Search
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onSearch={(v) => {
            setQ(v.trim());
            setPage(1);
          }}
          placeholder="工具名称或 ID"
          allowClear
          maxLength={64}
          enterButton="搜索"
          style={{ width: 300 }}
          data-testid="ops-tool-search"
        />
        <Select
          value={family}
          options={FAMILIES}
          onChange={(v) => {
            setFamily(v);
            setPage(1);
          }}
          style={{ width: 150 }}
        />
      </Space>
      <Table<OpsTool>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching && !list.data}
        onRow={(t) => ({ style: t.enabled ? undefined : { background: '#fafafa', color: '#a8abb2' } })}
        locale={{ emptyText: '没有找到工具' }}
        pagination={{ current: page, pageSize: OPS_PAGE_SIZE, total: list.data?.count ?? 0, hideOnSinglePage: true, showSizeChanger: false, showTotal: (n) => `共 ${n} 个工具`, onChange: setPage }}
      />
      <ToolDialog tool={editingTool} onClose={() => setEditing(null)} />
    </Card>
  );
}
