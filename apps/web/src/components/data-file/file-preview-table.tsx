// The table of a data file: an index column, the file's columns, and infinite scroll that loads
// the next page of 100 rows on reaching the bottom while rows remain (spec 01 §3, §4).
import { Empty, Spin, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useRef, type UIEvent } from 'react';
import { useFileDetail } from '../../lib/files-api/file-detail';

type Row = { key: number; index: number; cells: Array<string | number | null> };

const NEAR_BOTTOM_PX = 48;

export function FilePreviewTable({ fid, height = 420 }: { fid: string | null; height?: number }) {
  const q = useFileDetail(fid);
  const loadingMore = useRef(false);

  const header = q.data?.pages[0]?.rows[0] ?? [];
  const total = q.data?.pages[0]?.total ?? 0;
  const rows = useMemo<Row[]>(() => {
    const out: Row[] = [];
    for (const page of q.data?.pages ?? []) {
      for (const cells of page.rows.slice(1)) out.push({ key: out.length + 1, index: out.length + 1, cells });
    }
    return out;
  }, [q.data]);

  const columns = useMemo<ColumnsType<Row>>(
    () => [
      { title: '#', dataIndex: 'index', width: 64, fixed: 'left', align: 'right', className: 'preview-index' },
      ...header.map((name, i) => ({
        title: String(name),
        key: `c${i}`,
        width: Math.min(300, Math.max(100, String(name).length * 14 + 24)),
        ellipsis: true,
        render: (_: unknown, r: Row) => {
          const v = r.cells[i];
          return v === null || v === undefined ? <span style={{ color: '#bbb' }}>NA</span> : String(v);
        },
      })),
    ],
    [header],
  );

  if (!fid) return <Empty description="请选择或上传一个数据文件" style={{ padding: 48 }} />;
  if (q.isLoading) return <Spin style={{ display: 'block', padding: 48 }} />;
  if (q.isError) return <Empty description="数据加载失败" style={{ padding: 48 }} />;

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    const el = e.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight > NEAR_BOTTOM_PX) return;
    if (!q.hasNextPage || q.isFetchingNextPage || loadingMore.current) return;
    loadingMore.current = true;
    void q.fetchNextPage().finally(() => {
      loadingMore.current = false;
    });
  };

  return (
    <div>
      <Table<Row>
        size="small"
        bordered
        columns={columns}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content', y: height }}
        onScroll={onScroll}
        data-testid="preview-table"
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="preview-status">
        已加载 {rows.length} / {total} 行{q.isFetchingNextPage ? '，正在加载…' : q.hasNextPage ? '，滚动到底部加载更多' : ''}
      </Typography.Text>
    </div>
  );
}
