// 登录后公告: the notices a user gets after logging in (title and HTML), their order and visibility,
// with a preview shaped like the notification users see.
import { OpsAnnouncementSave, type OpsAnnouncement } from '@labstat/contracts';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Space, Switch, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { SafeHtml } from '../../../../components/rich-text-editor/safe-html';
import { TimeLabel } from '../../../../components/time-label';
import { ui } from '../../../../lib/ui-bridge';
import { useAnnouncementDelete } from '../../api/announcement-delete';
import { useAnnouncementSave } from '../../api/announcement-save';
import { useOpsAnnouncements } from '../../api/announcements';
import { ActiveTag } from '../active-tag';
import { HtmlField } from '../html-field';
import { ListCard } from '../list-card';
import { zodRule } from '../zod-rule';

type Values = { title: string; content: string; sort: number; active: boolean };

export function AnnouncementPreview({ title, content }: { title: string; content: string }) {
  return (
    <div style={{ width: 384, padding: '16px 24px', borderRadius: 8, boxShadow: '0 6px 16px rgba(0,0,0,.08), 0 3px 6px -4px rgba(0,0,0,.12)', background: '#fff' }} data-testid="announcement-preview">
      <Typography.Text strong style={{ fontSize: 16 }}>
        {title || '（标题）'}
      </Typography.Text>
      <SafeHtml html={content} profile="page" style={{ marginTop: 8 }} />
    </div>
  );
}

export function AnnouncementsTab() {
  const [page, setPage] = useState(1);
  const list = useOpsAnnouncements(page);
  const save = useAnnouncementSave();
  const del = useAnnouncementDelete();
  const [editing, setEditing] = useState<OpsAnnouncement | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const title = Form.useWatch('title', form) ?? '';
  const content = Form.useWatch('content', form) ?? '';

  const open = (a: OpsAnnouncement | 'new') => {
    setEditing(a);
    form.setFieldsValue(a === 'new' ? { title: '', content: '', sort: 0, active: true } : { title: a.title, content: a.content, sort: a.sort, active: a.active });
  };
  const submit = async () => {
    const v = await form.validateFields();
    const env = await save.mutateAsync({ ...(editing !== 'new' && editing ? { id: editing.id } : {}), ...v, title: v.title.trim() });
    ui.message?.success(env.msg || '保存成功');
    setEditing(null);
  };

  const columns: ColumnsType<OpsAnnouncement> = [
    { title: '标题', dataIndex: 'title', key: 'title' },
    { title: '排序', dataIndex: 'sort', key: 'sort', width: 80 },
    { title: '状态', dataIndex: 'active', key: 'active', width: 100, render: (a: boolean) => <ActiveTag active={a} /> },
    { title: '创建时间', dataIndex: 'create_time', key: 'created', width: 150, render: (t: string) => <TimeLabel time={t} /> },
    {
      title: '操作',
      key: 'actions',
      width: 150,
      render: (_: unknown, a) => (
        <Space>
          <Button size="small" type="link" onClick={() => open(a)}>
            编辑
          </Button>
          <Popconfirm title="确定删除这条公告吗？" okText="删除" cancelText="取消" onConfirm={() => del.mutateAsync({ id: a.id }).then((e) => ui.message?.success(e.msg || '删除成功'))}>
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
      <ListCard<OpsAnnouncement>
        hint="用户登录后在首页右上角依次弹出，每条只显示一次。"
        addText="新增公告"
        onAdd={() => open('new')}
        rowKey="id"
        columns={columns}
        data={list.data}
        loading={list.isFetching && !list.data}
        page={page}
        onPage={setPage}
        empty="暂无公告"
        data-testid="ops-announcements"
      />
      <Modal open={editing !== null} title={editing === 'new' ? '新增公告' : '编辑公告'} width={960} okText="保存" cancelText="取消" confirmLoading={save.isPending} onOk={() => void submit().catch(() => undefined)} onCancel={() => setEditing(null)} forceRender>
        <Form form={form} layout="vertical">
          <Form.Item name="title" label="标题" required rules={[zodRule(OpsAnnouncementSave.shape.title, '请填写标题')]}>
            <Input maxLength={100} showCount />
          </Form.Item>
          <Form.Item name="content" label="内容（HTML）">
            <HtmlField rows={8} maxLength={50_000} />
          </Form.Item>
          <Space size="large">
            <Form.Item name="sort" label="排序（小的在前）">
              <InputNumber min={0} max={100_000} precision={0} />
            </Form.Item>
            <Form.Item name="active" label="展示" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Typography.Text type="secondary">用户看到的样子：</Typography.Text>
          <div style={{ background: '#f5f7fa', padding: 16, marginTop: 8, borderRadius: 8 }}>
            <AnnouncementPreview title={title} content={content} />
          </div>
        </Form>
      </Modal>
    </>
  );
}
