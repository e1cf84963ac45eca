// 团队与引用: the content pages (团队介绍, 引用与致谢, 平台介绍, 快速上手) — title and HTML with a
// live preview; an edited page stays as written when the server re-seeds.
import { OPS_CONTENT_PAGES, OpsContentPageSave, type OpsContentPage } from '@labstat/contracts';
import { Button, Card, Empty, Form, Input, Segmented, Skeleton, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { TimeLabel } from '../../../../components/time-label';
import { ui } from '../../../../lib/ui-bridge';
import { usePageSave } from '../../api/page-save';
import { useOpsPages } from '../../api/pages';
import { HtmlField } from '../html-field';
import { zodRule } from '../zod-rule';

type Item = (typeof OPS_CONTENT_PAGES)[number];
const LABELS: Record<Item, string> = { team: '团队介绍', citations: '引用与致谢', introduction: '平台介绍', manual: '快速上手' };

function PageEditor({ page }: { page: OpsContentPage }) {
  const save = usePageSave();
  const [form] = Form.useForm<{ title: string; html: string }>();
  useEffect(() => form.setFieldsValue({ title: page.title, html: page.html }), [form, page]);
  const submit = async () => {
    const v = await form.validateFields();
    const env = await save.mutateAsync({ item: page.item, title: v.title.trim(), html: v.html });
    ui.message?.success(env.msg || '保存成功');
  };
  return (
    <Form form={form} layout="vertical">
      <Space style={{ marginBottom: 8 }}>
        {page.source === 'operator' ? <Tag color="blue">运营已修改</Tag> : <Tag>系统默认内容</Tag>}
        <Typography.Text type="secondary">
          更新于 <TimeLabel time={page.update_time} />
        </Typography.Text>
      </Space>
      <Form.Item name="title" label="标题" required rules={[zodRule(OpsContentPageSave.shape.title, '请填写标题')]}>
        <Input maxLength={100} style={{ maxWidth: 480 }} />
      </Form.Item>
      <Form.Item name="html" label="页面内容（HTML）">
        <HtmlField rows={18} maxLength={500_000} data-testid="page-html" />
      </Form.Item>
      <Button type="primary" loading={save.isPending} onClick={() => void submit().catch(() => undefined)}>
        保存页面
      </Button>
    </Form>
  );
}

export function PagesTab() {
  const pages = useOpsPages();
  const [item, setItem] = useState<Item>('team');
  const current = pages.data?.find((p) => p.item === item);
  return (
    <Card size="small" variant="borderless" data-testid="ops-pages">
      <Segmented<Item> value={item} onChange={setItem} options={OPS_CONTENT_PAGES.map((p) => ({ value: p, label: LABELS[p] }))} style={{ marginBottom: 16 }} />
      {pages.isLoading ? <Skeleton active /> : current ? <PageEditor key={current.item} page={current} /> : <Empty description="页面加载失败" />}
    </Card>
  );
}
