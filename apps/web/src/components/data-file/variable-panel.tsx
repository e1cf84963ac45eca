// Column-type details of a data file: type, valid and missing counts, distinct values, and the
// range or the most frequent levels.
import { VariableTypeLabel, variableDetail, type VariableInfo } from '@labstat/contracts';
import { Table, Tag } from 'antd';
import { useFileVars } from '../../lib/files-api/file-vars';

const TYPE_COLORS = { numeric: 'blue', categorical: 'green', date: 'purple' } as const;

export function VariablePanel({ fid }: { fid: string | null }) {
  const q = useFileVars(fid);
  if (!fid) return null;
  return (
    <Table<VariableInfo>
      size="small"
      rowKey="name"
      loading={q.isLoading}
      dataSource={q.data?.vars ?? []}
      pagination={false}
      scroll={{ y: 260 }}
      data-testid="variable-panel"
      columns={[
        { title: '变量名', dataIndex: 'name', width: 160, ellipsis: true },
        { title: '类型', dataIndex: 'type', width: 90, render: (t: VariableInfo['type']) => <Tag color={TYPE_COLORS[t]}>{VariableTypeLabel[t]}</Tag> },
        { title: '有效', dataIndex: 'valid', width: 80, align: 'right' },
        { title: '缺失', dataIndex: 'missing', width: 80, align: 'right' },
        { title: '不同值', dataIndex: 'distinct', width: 80, align: 'right' },
        { title: '范围 / 水平', key: 'detail', ellipsis: true, render: (_: unknown, v) => variableDetail(v) },
      ]}
    />
  );
}
