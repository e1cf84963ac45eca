// 头部通知: the short notices rotating in the public header — plain text or a link (an http(s)
// address or a site path) — with a preview of the header line.
import { NotificationOutlined } from '@ant-design/icons';
import { OpsNoticeSave, type OpsNotice } from '@labstat/contracts';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Radio, Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { noticeTarget } from '../../../../lib/help-api/notices';
import { ui } from '../../../../lib/ui-bridge';
import { useNoticeDelete } from '../../api/notice-delete';
import { useNoticeSave } from '../../api/notice-save';
import { useOpsNotices } from '../../api/notices';
import { ActiveTag } from '../active-tag';
import { ListCard } from '../list-card';
import { zodRule } from '../zod-rule';
import { isSafeLink } from './links';

type Values = { type: 'link' | 'text'; link: string; content: string; sort: number; active: boolean };

/** The notice as the public header draws it (same link rules: noticeTarget). */
function NoticePreview({ v }: { v: Partial<Values> }) {
  const text = v.content || '（通知内容）';
  const target = v.type === 'link' && v.link && isSafeLink(v.link) ? noticeTarget(v.link) : null;
  const style = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 6, maxWidth: 340, fontSize: 13, background: '#fff', padding: '8px 12px', borderRadius: 6 }} data-testid="notice-preview">
      <NotificationOutlined style={{ color: '#e6a23c' }} />
      {target ? (
        <a href={target.href} target="_blank" rel="noopener noreferrer" style={style}>
          {text}
        </a>
      ) : (
        <span style={{ ...style, color: '#606266' }}>{text}</span>
      )}
    </div>
  );
}

export function NoticesTab() {
  const [page, setPage] = useState(1);
  const list = useOpsNotices(page);
  const save = useNoticeSave();
  const del = useNoticeDelete();
  const [editing, setEditing] = useState<OpsNotice | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;

  const open = (n: OpsNotice | 'new') => {
    setEditing(n);
    form.setFieldsValue(n === 'new' ? { type: 'text', link: '', content: '', sort: 0, active: true } : { type: n.type, link: n.link, content: n.content, sort: n.sort, active: n.active });
  };
  const submit = async () => {
    const v = await form.validateFields();
    const body = { ...(editing !== 'new' && editing ? { id: editing.id } : {}), ...v, link: v.type === 'link' ? v.link.trim() : '', content: v.content.trim() };
    const env = await save.mutateAsync(body);
    ui.message?.success(env.msg || '保存成功');
    setEditing(null);
  };

  const columns: ColumnsType<OpsNotice> = [
    { title: '内容', dataIndex: 'content', key: 'content' },
    { title: '类型', dataIndex: 'type', key: 'type', width: 80, render: (t: string) => (t === 'link' ? <Tag color="blue">链接</Tag> : <Tag>文字</Tag>) },
    { title: '链接', dataIndex: 'link', key: 'link', ellipsis: true, render: (l: string) => l || '—' },
    { title: '排序', dataIndex: 'sort', key: 'sort', width: 70 },
    { title: '状态', dataIndex: 'active', key: 'active', width: 90, render: (a: boolean) => <ActiveTag active={a} /> },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_: unknown, n) => (
        <Space>
          <Button size="small" type="link" onClick={() => open(n)}>
            编辑
          </Button>
          <Popconfirm title="确定删除这条通知吗？" okText="删除" cancelText="取消" onConfirm={() => del.mutateAsync({ id: n.id }).then((e) => ui.message?.success(e.msg || '删除成功'))}>
            <Button size="small" type="link" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListCard<OpsNotice>
        hint="显示在页面顶部导航栏，多条时轮流滚动。"
        addText="新增通知"
        onAdd={() => open('new')}
        rowKey="id"
        columns={columns}
        data={list.data}
        loading={list.isFetching && !list.data}
        page={page}
        onPage={setPage}
        empty="暂无头部通知"
        data-testid="ops-notices"
      />
      <Modal open={editing !== null} title={editing === 'new' ? '新增头部通知' : '编辑头部通知'} width={640} okText="保存" cancelText="取消" confirmLoading={save.isPending} onOk={() => void submit().catch(() => undefined)} onCancel={() => setEditing(null)} forceRender>
        <Form form={form} layout="vertical">
          <Form.Item name="type" label="类型">
            <Radio.Group options={[{ value: 'text', label: '文字' }, { value: 'link', label: '链接' }]} />
          </Form.Item>
          <Form.Item name="content" label="通知内容" required rules={[zodRule(OpsNoticeSave.shape.content, '请填写通知内容')]}>
            <Input maxLength={200} showCount />
          </Form.Item>
          {watched?.type === 'link' && (
            <Form.Item
              name="link"
              label="链接地址"
              required
              rules={[{ validator: async (_r, v: string) => { if (!isSafeLink(v ?? '')) throw new Error('请填写 http(s) 地址或以 / 开头的站内路径'); } }]}
            >
              <Input maxLength={500} placeholder="https://… 或站内页面 /#/vip" />
            </Form.Item>
          )}
          <Space size="large">
            <Form.Item name="sort" label="排序（小的在前）">
              <InputNumber min={0} max={100_000} precision={0} />
            </Form.Item>
            <Form.Item name="active" label="展示" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Typography.Text type="secondary">预览：</Typography.Text>
          <div style={{ background: '#f5f7fa', padding: 12, marginTop: 8, borderRadius: 8 }}>
            <NoticePreview v={watched ?? {}} />
          </div>
        </Form>
      </Modal>
    </>
  );
}
