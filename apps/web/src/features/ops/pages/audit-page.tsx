// 操作日志: the append-only record of every operator action — who, what, on which target, before and
// after, the reason and when — filtered by operator, action, target and days, and exported as CSV.
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import { OPS_ACTIONS, OPS_PAGE_SIZE, type OpsAuditEntry } from '@labstat/contracts';
import { Button, Card, Form, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { exportAudit } from '../api/audit-export';
import { useOpsAudit, type AuditFilters } from '../api/audit';
import { JsonDiff } from '../components/json-diff';

const ACTION_OPTIONS = [{ value: '', label: '全部操作' }, ...Object.entries(OPS_ACTIONS).map(([value, label]) => ({ value, label }))];
const actionText = (a: string) => (OPS_ACTIONS as Record<string, string>)[a] ?? a;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type FilterValues = { actor: number | null; action: string; target: string; from: string; to: string };

function toFilters(v: FilterValues): AuditFilters {
  return {
    // 0 is the operations CLI's own rows.
    ...(v.actor !== null && v.actor !== undefined ? { actor: v.actor } : {}),
    ...(v.action ? { action: v.action } : {}),
    ...(v.target?.trim() ? { target: v.target.trim() } : {}),
    ...(v.from && DAY.test(v.from) ? { from: v.from } : {}),
    ...(v.to && DAY.test(v.to) ? { to: v.to } : {}),
  };
}

export function OpsAuditPage() {
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const list = useOpsAudit(filters, page);

  const columns: ColumnsType<OpsAuditEntry> = [
    { title: '时间', dataIndex: 'create_time', key: 'time', width: 170 },
    {
      title: '操作人',
      key: 'actor',
      width: 190,
      render: (_: unknown, e) =>
        // Actor 0: the operations CLI on the server (grant-operator and the like).
        e.actor.id === 0 ? (
          <Typography.Text type="secondary">命令行（服务器）</Typography.Text>
        ) : (
          <span>
            {e.actor.username || '未命名'} <Typography.Text type="secondary">{e.actor.mobile}</Typography.Text>
          </span>
        ),
    },
    { title: '操作', dataIndex: 'action', key: 'action', width: 150, render: (a: string) => <span title={a}>{actionText(a)}</span> },
    { title: '对象', dataIndex: 'target', key: 'target', width: 160 },
    { title: '原因', dataIndex: 'reason', key: 'reason', render: (r: string) => r || '—' },
  ];

  const search = () => {
    setFilters(toFilters(form.getFieldsValue()));
    setPage(1);
  };
  const download = async () => {
    setExporting(true);
    try {
      await exportAudit(filters);
    } catch {
      // downloadCsv showed why.
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card size="small" title="操作日志" data-testid="ops-audit">
      <Form form={form} layout="inline" initialValues={{ actor: null, action: '', target: '', from: '', to: '' }} onFinish={search} style={{ rowGap: 8, marginBottom: 12 }}>
        <Form.Item name="action">
          <Select options={ACTION_OPTIONS} style={{ width: 170 }} showSearch={{ optionFilterProp: 'label' }} data-testid="audit-action" />
        </Form.Item>
        <Form.Item name="target">
          <Input placeholder="对象，如 user:12、tool:1001" maxLength={128} style={{ width: 200 }} allowClear />
        </Form.Item>
        <Form.Item name="actor">
          <InputNumber placeholder="操作人 ID" min={0} precision={0} style={{ width: 140 }} title="0 为服务器命令行" />
        </Form.Item>
        <Form.Item name="from" label="从">
          <Input type="date" style={{ width: 150 }} />
        </Form.Item>
        <Form.Item name="to" label="到">
          <Input type="date" style={{ width: 150 }} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            查询
          </Button>
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void download()} data-testid="audit-export">
            导出 CSV
          </Button>
        </Space>
      </Form>
      <Table<OpsAuditEntry>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching && !list.data}
        expandable={{ expandedRowRender: (e) => <JsonDiff before={e.before} after={e.after} />, rowExpandable: (e) => e.before !== null || e.after !== null }}
        locale={{ emptyText: '没有符合条件的操作记录' }}
        pagination={{ current: page, pageSize: OPS_PAGE_SIZE, total: list.data?.count ?? 0, hideOnSinglePage: true, showSizeChanger: false, showTotal: (n) => `共 ${n} 条`, onChange: setPage }}
      />
    </Card>
  );
}
