// A paged list of one kind of content with 新增 above it: the content tabs share this frame.
import { PlusOutlined } from '@ant-design/icons';
import { OPS_PAGE_SIZE } from '@labstat/contracts';
import { Button, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';

export interface ListCardProps<T> {
  hint?: ReactNode;
  addText?: string;
  onAdd?(): void;
  rowKey: keyof T & string;
  columns: ColumnsType<T>;
  data: { list: T[]; count: number } | undefined;
  loading: boolean;
  page: number;
  onPage(page: number): void;
  empty: string;
  'data-testid'?: string;
}

export function ListCard<T extends object>({ hint, addText = '新增', onAdd, rowKey, columns, data, loading, page, onPage, empty, ...rest }: ListCardProps<T>) {
  return (
    <div data-testid={rest['data-testid']}>
      <div style={{ display: 'flex', alignItems: 'center', marginBottom: 12, gap: 12 }}>
        {hint && <Typography.Text type="secondary">{hint}</Typography.Text>}
        {onAdd && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} style={{ marginLeft: 'auto' }}>
            {addText}
          </Button>
        )}
      </div>
      <Table<T>
        rowKey={rowKey}
        size="middle"
        columns={columns}
        dataSource={data?.list ?? []}
        loading={loading}
        locale={{ emptyText: empty }}
        pagination={{ current: page, pageSize: OPS_PAGE_SIZE, total: data?.count ?? 0, hideOnSinglePage: true, showSizeChanger: false, showTotal: (n) => `共 ${n} 条`, onChange: onPage }}
      />
    </div>
  );
}
