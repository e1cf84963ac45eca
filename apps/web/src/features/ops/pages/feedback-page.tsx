// 反馈处理: the queue of pending feedback (oldest waiting first), each thread with its author, a
// rich-text reply (sanitised by the server, shown through SafeHtml) and 标记完成.
import { EyeOutlined } from '@ant-design/icons';
import { OPS_PAGE_SIZE, type OpsFeedbackItem } from '@labstat/contracts';
import { Button, Card, Radio, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { TimeLabel } from '../../../components/time-label';
import { useOpsFeedbackList, type OpsFeedbackStatus } from '../api/feedback-list';
import { FeedbackThreadDrawer } from '../components/feedback-thread-drawer';
import { FeedbackStateTag } from '../components/feedback-state-tag';

const FILTERS: { value: OpsFeedbackStatus; label: string }[] = [
  { value: 2, label: '待处理' },
  { value: 1, label: '已完成' },
  { value: 0, label: '全部' },
];

export function OpsFeedbackPage() {
  const [status, setStatus] = useState<OpsFeedbackStatus>(2);
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const list = useOpsFeedbackList(status, page);

  const columns: ColumnsType<OpsFeedbackItem> = [
    { title: '编号', dataIndex: 'feedbackid', key: 'id', width: 80 },
    { title: '反馈类型', dataIndex: 'type', key: 'type', width: 140 },
    {
      title: '用户',
      key: 'user',
      render: (_: unknown, f) => (
        <span>
          {f.user.username || '未命名用户'} <Typography.Text type="secondary">{f.user.mobile}</Typography.Text>
        </span>
      ),
    },
    { title: '提交时间', dataIndex: 'create_time', key: 'created', width: 160, render: (t: string) => <TimeLabel time={t} /> },
    { title: '最近更新', dataIndex: 'update_time', key: 'updated', width: 160, render: (t: string) => <TimeLabel time={t} /> },
    { title: '状态', dataIndex: 'status', key: 'status', width: 100, render: (s: number) => <FeedbackStateTag status={s} /> },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_: unknown, f) => (
        <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => setOpen(f.feedbackid)} data-testid={`ops-feedback-open-${f.feedbackid}`}>
          处理
        </Button>
      ),
    },
  ];

  return (
    <Card size="small" title="用户反馈" data-testid="ops-feedback">
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={status}
        options={FILTERS}
        onChange={(e) => {
          setStatus(e.target.value as OpsFeedbackStatus);
          setPage(1);
        }}
        style={{ marginBottom: 12 }}
      />
      <Table<OpsFeedbackItem>
        rowKey="feedbackid"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching && !list.data}
        locale={{ emptyText: status === 2 ? '没有待处理的反馈' : '暂无反馈' }}
        pagination={{ current: page, pageSize: OPS_PAGE_SIZE, total: list.data?.count ?? 0, showSizeChanger: false, hideOnSinglePage: true, showTotal: (n) => `共 ${n} 条`, onChange: setPage }}
      />
      <FeedbackThreadDrawer feedbackid={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
