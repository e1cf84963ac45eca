// The editable table of a calculation tool (spec 01 §2, §5): an input in every cell, a delete-row
// button on every row (disabled on the last remaining one) and an add-row button on the last row.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { CalcMessages } from '@labstat/contracts';
import { Button, Empty, Input, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { addRowAfter, canAddRow, canDeleteRow, columnWidths, deleteRow, setCell, type CalcTable, type TableRow } from '../calc-table';

export function CalcDataTable({ table, onChange }: { table: CalcTable; onChange: (t: CalcTable) => void }) {
  if (table.columns.length === 0) return <Empty description={CalcMessages.noData} data-testid="calc-no-data" />;
  const widths = columnWidths(table.columns);
  const lastKey = table.rows.at(-1)?.key;
  const columns: ColumnsType<TableRow> = [
    { title: '#', key: 'index', width: 48, align: 'right', render: (_v, _r, i) => i + 1 },
    ...table.columns.map((c, i) => ({
      title: c.label,
      key: c.value,
      width: widths[i],
      render: (_v: unknown, r: TableRow) => (
        <Input
          size="small"
          value={r.cells[c.value] === null || r.cells[c.value] === undefined ? '' : String(r.cells[c.value])}
          maxLength={200}
          aria-label={c.label}
          onChange={(e) => onChange(setCell(table, r.key, c.value, e.target.value))}
        />
      ),
    })),
    {
      title: '操作',
      key: 'actions',
      width: 92,
      fixed: 'right',
      render: (_v, r) => (
        <Space size={2}>
          <Tooltip title="删除该行">
            <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label="删除行" disabled={!canDeleteRow(table)} onClick={() => onChange(deleteRow(table, r.key))} />
          </Tooltip>
          {r.key === lastKey && (
            <Tooltip title="添加一行">
              <Button size="small" type="text" icon={<PlusOutlined />} aria-label="添加行" disabled={!canAddRow(table)} onClick={() => onChange(addRowAfter(table, r.key))} />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Table<TableRow>
      size="small"
      bordered
      rowKey="key"
      columns={columns}
      dataSource={table.rows}
      pagination={false}
      tableLayout="fixed"
      scroll={{ x: 'max-content', y: 320 }}
      data-testid="calc-table"
    />
  );
}
