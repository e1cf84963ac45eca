// Feedback (/feedback-list/index, spec 01 §2): filter buttons 全部 / 已完成 / 待处理 (0/1/2), 添加反馈,
// a table of type, create time, status tag and 查看, 15 per page; the add and conversation dialogs.
import { EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { FEEDBACK_PAGE_SIZE, type FeedbackItem } from '@labstat/contracts';
import { Button, Card, Empty, Radio, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useFeedbackList, type FeedbackFilter } from './api/feedback-list';
import { AddFeedbackDialog } from './components/add-feedback-dialog';
import { FeedbackConversationDialog } from './components/feedback-conversation-dialog';
import { FeedbackStatusTag } from './components/feedback-status-tag';
import { TimeLabel } from '../../components/time-label';

const FILTERS: { value: FeedbackFilter; label: string }[] = [
  { value: 0, label: '全部' },
  { value: 1, label: '已完成' },
  { value: 2, label: '待处理' },
];

export function FeedbackPage() {
  const [status, setStatus] = useState<FeedbackFilter>(0);
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<number | null>(null);
  const list = useFeedbackList(status, page);
  const rows = list.data?.list ?? [];
  const count = list.data?.count ?? 0;

  useEffect(() => {
    if (list.data && page > 1 && rows.length === 0 && count > 0) setPage(Math.ceil(count / FEEDBACK_PAGE_SIZE));
  }, [list.data, page, rows.length, count]);

  const columns: ColumnsType<FeedbackItem> = [
    { title: '反馈类型', dataIndex: 'type', key: 'type' },
    { title: '创建时间', dataIndex: 'create_time', key: 'created', width: 200, render: (t: string) => <TimeLabel time={t} /> },
    { title: '状态', dataIndex: 'status', key: 'status', width: 140, render: (s: number) => <FeedbackStatusTag status={s} /> },
    {
      title: '操作',
      key: 'actions',
      width: 120,
      render: (_: unknown, f) => (
        <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => setViewing(f.feedbackid)} data-testid="feedback-view">
          查看
        </Button>
      ),
    },
  ];

  return (
    <Card
      title="意见反馈"
      size="small"
      data-testid="feedback-list"
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="feedback-add">
          添加反馈
        </Button>
      }
    >
      <Radio.Group
        optionType="button"
        buttonStyle="solid"
        value={status}
        onChange={(e) => {
          setStatus(e.target.value as FeedbackFilter);
          setPage(1);
        }}
        options={FILTERS}
        style={{ marginBottom: 12 }}
        data-testid="feedback-filter"
      />
      <Table<FeedbackItem>
        rowKey="feedbackid"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching && !list.data}
        locale={{
          emptyText: (
            <Empty description={status === 0 ? '还没有反馈。遇到问题或有新想法，欢迎告诉我们' : '暂无反馈'}>
              {status === 0 && (
                <Button type="primary" onClick={() => setAdding(true)}>
                  添加反馈
                </Button>
              )}
            </Empty>
          ),
        }}
        pagination={{
          current: page,
          pageSize: FEEDBACK_PAGE_SIZE,
          total: count,
          hideOnSinglePage: true,
          showSizeChanger: false,
          showTotal: (n) => `共 ${n} 条`,
          onChange: setPage,
        }}
      />
      <AddFeedbackDialog open={adding} onClose={() => setAdding(false)} />
      <FeedbackConversationDialog feedbackid={viewing} onClose={() => setViewing(null)} />
    </Card>
  );
}
