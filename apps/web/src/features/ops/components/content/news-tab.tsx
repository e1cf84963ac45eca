// 更新动态: the update-news timeline — a date, a title and one HTML line per item — previewed as the
// timeline page draws it.
import { OpsNewsSave, type OpsNews } from '@labstat/contracts';
import { Button, Form, Input, Modal, Popconfirm, Space, Switch, Timeline, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { SafeHtml } from '../../../../components/rich-text-editor/safe-html';
import { ui } from '../../../../lib/ui-bridge';
import { useNewsDelete } from '../../api/news-delete';
import { useNewsSave } from '../../api/news-save';
import { useOpsNewsList } from '../../api/news';
import { ActiveTag } from '../active-tag';
import { ListCard } from '../list-card';
import { zodRule } from '../zod-rule';
import { newsLines } from './links';

type Values = { title: string; lines: string; published: string; active: boolean };

/** Today in Beijing, "YYYY-MM-DD". */
const today = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);


function NewsPreview({ v }: { v: Partial<Values> }) {
  return (
    <Timeline
      data-testid="news-preview"
      items={[
        {
          content: (
            <div>
              <Typography.Text type="secondary">{v.published || '日期'}</Typography.Text>
              <Typography.Title level={5} style={{ margin: '2px 0 6px' }}>
                {v.title || '（标题）'}
              </Typography.Title>
              <ul style={{ paddingLeft: 20, margin: 0 }}>
                {newsLines(v.lines ?? '').map((html, j) => (
                  <li key={j}>
                    <SafeHtml html={html} style={{ display: 'inline' }} />
                  </li>
                ))}
              </ul>
            </div>
          ),
        },
      ]}
    />
  );
}

export function NewsTab() {
  const [page, setPage] = useState(1);
  const list = useOpsNewsList(page);
  const save = useNewsSave();
  const del = useNewsDelete();
  const [editing, setEditing] = useState<OpsNews | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;

  const open = (n: OpsNews | 'new') => {
    setEditing(n);
    form.setFieldsValue(
      n === 'new' ? { title: '', lines: '', published: today(), active: true } : { title: n.title, lines: n.content.join('\n'), published: n.published, active: n.active },
    );
  };
  const submit = async () => {
    const v = await form.validateFields();
    const body = { ...(editing !== 'new' && editing ? { id: editing.id } : {}), title: v.title.trim(), content: newsLines(v.lines), published: v.published, active: v.active };
    const env = await save.mutateAsync(body);
    ui.message?.success(env.msg || '保存成功');
    setEditing(null);
  };

  const columns: ColumnsType<OpsNews> = [
    { title: '日期', dataIndex: 'published', key: 'published', width: 120 },
    { title: '标题', dataIndex: 'title', key: 'title' },
    { title: '条目', key: 'lines', width: 80, render: (_: unknown, n) => n.content.length },
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
          <Popconfirm title="确定删除这条动态吗？" okText="删除" cancelText="取消" onConfirm={() => del.mutateAsync({ id: n.id }).then((e) => ui.message?.success(e.msg || '删除成功'))}>
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
      <ListCard<OpsNews>
        hint="显示在“更新动态”页面的时间线上，新的在前。"
        addText="新增动态"
        onAdd={() => open('new')}
        rowKey="id"
        columns={columns}
        data={list.data}
        loading={list.isFetching && !list.data}
        page={page}
        onPage={setPage}
        empty="暂无更新动态"
        data-testid="ops-news"
      />
      <Modal open={editing !== null} title={editing === 'new' ? '新增更新动态' : '编辑更新动态'} width={760} okText="保存" cancelText="取消" confirmLoading={save.isPending} onOk={() => void submit().catch(() => undefined)} onCancel={() => setEditing(null)} forceRender>
        <Form form={form} layout="vertical">
          <Space size="large" align="start">
            <Form.Item name="published" label="日期" required rules={[zodRule(OpsNewsSave.shape.published, '请选择日期')]}>
              <Input type="date" style={{ width: 180 }} />
            </Form.Item>
            <Form.Item name="active" label="展示" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Form.Item name="title" label="标题" required rules={[zodRule(OpsNewsSave.shape.title, '请填写标题')]}>
            <Input maxLength={100} showCount />
          </Form.Item>
          <Form.Item
            name="lines"
            label="更新内容（每行一条，可用 HTML）"
            rules={[{ validator: async (_r, v: string) => { if (newsLines(v ?? '').length > 50) throw new Error('最多 50 条'); } }]}
          >
            <Input.TextArea rows={6} placeholder={'新增 Cox 回归工具\n<strong>修复</strong>：导出 Word 时图片模糊'} />
          </Form.Item>
          <Typography.Text type="secondary">预览：</Typography.Text>
          <div style={{ background: '#f5f7fa', padding: '16px 16px 0', marginTop: 8, borderRadius: 8 }}>
            <NewsPreview v={watched ?? {}} />
          </div>
        </Form>
      </Modal>
    </>
  );
}
