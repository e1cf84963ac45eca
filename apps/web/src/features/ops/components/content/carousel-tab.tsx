// 轮播图: the home page's slides — title, text, background or image, link — with a preview drawn as
// the home page draws a slide.
import { CarouselSlideSave, type CarouselSlide } from '@labstat/contracts';
import { Button, Form, Input, InputNumber, Modal, Popconfirm, Space, Switch, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { ui } from '../../../../lib/ui-bridge';
import { useOpsCarousel } from '../../api/carousel';
import { useCarouselDelete } from '../../api/carousel-delete';
import { useCarouselSave } from '../../api/carousel-save';
import { ActiveTag } from '../active-tag';
import { ListCard } from '../list-card';
import { zodRule } from '../zod-rule';
import { isPlainBackground, isSafeLink } from './links';

type Values = { title: string; text: string; link: string; bg: string; image: string; sort: number; active: boolean };

const DEFAULT_BG = 'linear-gradient(120deg,#409EFF,#1d4ed8)';

export function SlidePreview({ v, height = 220 }: { v: Partial<Values>; height?: number }) {
  const bg = v.bg && isPlainBackground(v.bg) ? v.bg : DEFAULT_BG;
  const image = v.image && isSafeLink(v.image) ? v.image.trim() : '';
  return (
    <div
      style={{ height, background: bg, color: '#fff', borderRadius: 12, display: 'flex', flexDirection: 'column', justifyContent: 'center', padding: '0 32px', position: 'relative', overflow: 'hidden' }}
      data-testid="slide-preview"
    >
      {image && <img src={image} alt="" style={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }} />}
      <div style={{ position: 'relative', fontSize: 26, fontWeight: 600 }}>{v.title || '（标题）'}</div>
      {v.text && <div style={{ position: 'relative', fontSize: 15, marginTop: 10, opacity: 0.9 }}>{v.text}</div>}
      {v.link && <div style={{ position: 'relative', fontSize: 12, marginTop: 12, opacity: 0.75 }}>点击前往：{v.link}</div>}
    </div>
  );
}

export function CarouselTab() {
  const [page, setPage] = useState(1);
  const list = useOpsCarousel(page);
  const save = useCarouselSave();
  const del = useCarouselDelete();
  const [editing, setEditing] = useState<CarouselSlide | 'new' | null>(null);
  const [form] = Form.useForm<Values>();
  const watched = Form.useWatch([], form) as Partial<Values> | undefined;

  const open = (s: CarouselSlide | 'new') => {
    setEditing(s);
    form.setFieldsValue(
      s === 'new' ? { title: '', text: '', link: '', bg: '', image: '', sort: 0, active: true } : { title: s.title, text: s.text, link: s.link, bg: s.bg, image: s.image, sort: s.sort, active: s.active },
    );
  };
  const submit = async () => {
    const v = await form.validateFields();
    const body = { ...(editing !== 'new' && editing ? { id: editing.id } : {}), ...v, title: v.title.trim(), text: v.text.trim(), link: v.link.trim(), bg: v.bg.trim(), image: v.image.trim() };
    const env = await save.mutateAsync(body);
    ui.message?.success(env.msg || '保存成功');
    setEditing(null);
  };
  const optionalLink = (label: string) => ({
    validator: async (_r: unknown, v: string) => {
      if (v?.trim() && !isSafeLink(v)) throw new Error(`${label}须为 http(s) 地址或以 / 开头的站内路径`);
    },
  });

  const columns: ColumnsType<CarouselSlide> = [
    { title: '预览', key: 'preview', width: 220, render: (_: unknown, s) => <SlidePreview v={s} height={72} /> },
    { title: '标题', dataIndex: 'title', key: 'title' },
    { title: '链接', dataIndex: 'link', key: 'link', ellipsis: true, render: (l: string) => l || '—' },
    { title: '排序', dataIndex: 'sort', key: 'sort', width: 70 },
    { title: '状态', dataIndex: 'active', key: 'active', width: 90, render: (a: boolean) => <ActiveTag active={a} /> },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_: unknown, s) => (
        <Space>
          <Button size="small" type="link" onClick={() => open(s)}>
            编辑
          </Button>
          <Popconfirm title="确定删除这张轮播图吗？" okText="删除" cancelText="取消" onConfirm={() => del.mutateAsync({ id: s.id }).then((e) => ui.message?.success(e.msg || '删除成功'))}>
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
      <ListCard<CarouselSlide>
        hint="首页顶部轮播，按排序依次展示；没有展示中的轮播图时首页显示默认内容。"
        addText="新增轮播图"
        onAdd={() => open('new')}
        rowKey="id"
        columns={columns}
        data={list.data}
        loading={list.isFetching && !list.data}
        page={page}
        onPage={setPage}
        empty="暂无轮播图"
        data-testid="ops-carousel"
      />
      <Modal open={editing !== null} title={editing === 'new' ? '新增轮播图' : '编辑轮播图'} width={760} okText="保存" cancelText="取消" confirmLoading={save.isPending} onOk={() => void submit().catch(() => undefined)} onCancel={() => setEditing(null)} forceRender>
        <Form form={form} layout="vertical">
          <Form.Item name="title" label="标题" required rules={[zodRule(CarouselSlideSave.shape.title, '请填写标题')]}>
            <Input maxLength={60} showCount />
          </Form.Item>
          <Form.Item name="text" label="说明文字">
            <Input maxLength={200} showCount />
          </Form.Item>
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
            <Form.Item name="link" label="点击链接" rules={[optionalLink('点击链接')]}>
              <Input maxLength={500} placeholder="站内页面 /#/vip 或 https://…（可空）" />
            </Form.Item>
            <Form.Item name="image" label="图片地址" rules={[optionalLink('图片地址')]}>
              <Input maxLength={500} placeholder="https://…（可空）" />
            </Form.Item>
          </div>
          <Form.Item
            name="bg"
            label="背景（颜色或渐变）"
            rules={[{ validator: async (_r, v: string) => { if (!isPlainBackground(v ?? '')) throw new Error('只能填写颜色或渐变，例如 #409EFF 或 linear-gradient(120deg,#409EFF,#1d4ed8)'); } }]}
          >
            <Input maxLength={200} placeholder={DEFAULT_BG} />
          </Form.Item>
          <Space size="large">
            <Form.Item name="sort" label="排序（小的在前）">
              <InputNumber min={0} max={100_000} precision={0} />
            </Form.Item>
            <Form.Item name="active" label="展示" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Space>
          <Typography.Text type="secondary">预览：</Typography.Text>
          <div style={{ marginTop: 8 }}>
            <SlidePreview v={watched ?? {}} />
          </div>
        </Form>
      </Modal>
    </>
  );
}
