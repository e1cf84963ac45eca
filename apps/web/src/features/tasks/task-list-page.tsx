// Task center (/task/public-tool-task and /task/height-tool-task, spec 01 §2): status tabs 全部
// 分析中 成功 失败, a table of tool name, task id, created, ended and status, View for 成功 tasks
// (the tool detail with toolId and taskId) and Delete with 确定删除吗？, 15 per page. A 分析中 task
// still waiting for a worker shows 排队中 with its place; a 失败 task shows why it failed; deleting
// a 分析中 task cancels it.
import { DeleteOutlined, EyeOutlined } from '@ant-design/icons';
import { TASK_FILTERS, TASK_PAGE_SIZE, type TaskItem } from '@labstat/contracts';
import { Button, Card, Empty, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { TimeLabel } from '../../components/time-label';
import { queueLabel } from '../../lib/tasks-api/queue';
import { useDeleteTask, useTaskList, type TaskFilter, type TaskListKind } from '../../lib/tasks-api/tasks';
import { ui } from '../../lib/ui-bridge';

const STATUS_COLOR: Record<TaskItem['status'], string> = { 分析中: 'processing', 成功: 'success', 失败: 'error' };

export function TaskListPage({ kind }: { kind: TaskListKind }) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<TaskFilter>('全部');
  const [page, setPage] = useState(1);
  const list = useTaskList(kind, status, page);
  const remove = useDeleteTask(kind);
  const rows = list.data?.task_list ?? [];
  const count = list.data?.count ?? 0;

  // After deleting the last task of a later page, show the page before it.
  useEffect(() => {
    if (list.data && page > 1 && rows.length === 0 && count > 0) setPage(Math.ceil(count / TASK_PAGE_SIZE));
  }, [list.data, page, rows.length, count]);

  const columns: ColumnsType<TaskItem> = [
    { title: '工具名称', dataIndex: 'toolid__toolname', key: 'tool', ellipsis: true },
    {
      title: '任务ID',
      dataIndex: 'taskid',
      key: 'taskid',
      render: (id: string) => (
        <Typography.Text copyable={{ text: id, tooltips: ['复制', '已复制'] }} style={{ fontFamily: 'monospace', fontSize: 12 }}>
          {id}
        </Typography.Text>
      ),
    },
    { title: '创建时间', dataIndex: 'create_time', key: 'created', width: 170, render: (v: string) => <TimeLabel time={v} /> },
    { title: '结束时间', dataIndex: 'update_time', key: 'ended', width: 170, render: (v: string) => <TimeLabel time={v} /> },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      width: 240,
      render: (s: TaskItem['status'], t) => {
        if (s === '分析中' && t.queued) {
          return (
            <Tag color="default" data-testid="task-queued">
              {queueLabel(t.queue_position)}
            </Tag>
          );
        }
        const tag = <Tag color={STATUS_COLOR[s]}>{s}</Tag>;
        if (s !== '失败' || !t.message) return tag;
        return (
          <>
            {tag}
            <Typography.Paragraph type="danger" ellipsis={{ rows: 2, tooltip: t.message }} style={{ margin: '4px 0 0', fontSize: 12 }} data-testid="task-failure-reason">
              {t.message}
            </Typography.Paragraph>
          </>
        );
      },
    },
    {
      title: '操作',
      key: 'actions',
      width: 170,
      render: (_: unknown, t) => (
        <Space size={4}>
          <Button
            size="small"
            type="link"
            icon={<EyeOutlined />}
            disabled={t.status !== '成功'}
            data-testid="task-view"
            onClick={() => (t.report ? window.open(t.report, '_blank', 'noopener') : navigate(`/tool/detail?toolId=${t.toolid__id}&taskId=${encodeURIComponent(t.taskid)}`))}
          >
            查看
          </Button>
          <Popconfirm
            title="确定删除吗？"
            description={t.status === '分析中' ? '任务尚未结束，删除后将取消这次分析' : undefined}
            okText="确定"
            cancelText="取消"
            onConfirm={async () => {
              await remove.mutateAsync(t.taskid);
              ui.message?.success('删除成功');
            }}
          >
            <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid="task-delete">
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card title={kind === 'tool' ? '标准工具任务' : '高级工具任务'} size="small" data-testid="task-list">
      <Tabs
        activeKey={status}
        onChange={(k) => {
          setStatus(k as TaskFilter);
          setPage(1);
        }}
        items={TASK_FILTERS.map((f) => ({ key: f, label: f }))}
      />
      <Table<TaskItem>
        rowKey="taskid"
        size="middle"
        columns={columns}
        dataSource={rows}
        loading={list.isFetching && !list.data}
        locale={{
          emptyText: (
            <Empty description={status === '全部' ? '暂无任务，去选择一个工具开始分析吧' : `暂无${status}的任务`}>
              {status === '全部' && (
                <Button type="primary" onClick={() => navigate(kind === 'tool' ? '/public-tool/visual' : '/high-tool')}>
                  去使用工具
                </Button>
              )}
            </Empty>
          ),
        }}
        pagination={{
          current: page,
          pageSize: TASK_PAGE_SIZE,
          total: count,
          hideOnSinglePage: true,
          showSizeChanger: false,
          showTotal: (n) => `共 ${n} 条`,
          onChange: setPage,
        }}
      />
    </Card>
  );
}
