// Data management (/data-manager/index, a pinned tab): the user's files, drag-and-drop upload,
// a preview with infinite scroll, the variable panel, download of the original and deletion.
import { DeleteOutlined, DownloadOutlined, FileExcelOutlined, FileTextOutlined, FilterOutlined } from '@ant-design/icons';
import { PROCESSING_ROUTE, type FileSummary } from '@labstat/contracts';
import { Alert, Button, Card, Col, Empty, List, Row, Space, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { confirmDeleteFile } from '../../components/data-file/confirm-delete-file';
import { FilePreviewTable } from '../../components/data-file/file-preview-table';
import { UploadArea } from '../../components/data-file/upload-area';
import { VariablePanel } from '../../components/data-file/variable-panel';
import { TimeLabel } from '../../components/time-label';
import { downloadUrl } from '../../lib/api-client';
import { useDeleteFile } from '../../lib/files-api/delete-file';
import { useFileList } from '../../lib/files-api/file-list';

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function DataManagerPage() {
  const files = useFileList();
  const remove = useDeleteFile();
  const [selected, setSelected] = useState<string | null>(null);
  const list = files.data ?? [];
  const current = list.find((f) => f._fid === selected) ?? null;

  // Keep a valid selection: the first file when nothing (or a deleted file) is selected.
  useEffect(() => {
    if (files.data && !files.data.some((f) => f._fid === selected)) setSelected(files.data[0]?._fid ?? null);
  }, [files.data, selected]);

  const askDelete = (f: FileSummary) =>
    confirmDeleteFile(async () => {
      await remove.mutateAsync(f._fid);
      if (selected === f._fid) setSelected(null);
    });

  return (
    <Row gutter={16} data-testid="data-manager">
      <Col xs={24} lg={8}>
        <Card
          title="我的数据"
          size="small"
          extra={
            <Space size={12}>
              <Typography.Text type="secondary">共 {list.length} 个文件</Typography.Text>
              {/* Processing (sort, recode, missing values…) writes a new file from the chosen one. */}
              <Link to={selected ? `${PROCESSING_ROUTE}?fid=${encodeURIComponent(selected)}` : PROCESSING_ROUTE} data-testid="to-processing">
                <FilterOutlined /> 数据处理
              </Link>
            </Space>
          }
        >
          <UploadArea onUploaded={(f) => setSelected(f._fid)} />
          <List<FileSummary>
            style={{ marginTop: 12 }}
            loading={files.isLoading}
            dataSource={list}
            locale={{ emptyText: <Empty description="还没有数据文件，请先上传" /> }}
            data-testid="file-list"
            renderItem={(f) => (
              <List.Item
                key={f._fid}
                onClick={() => setSelected(f._fid)}
                style={{
                  cursor: 'pointer',
                  padding: '8px 10px',
                  borderRadius: 6,
                  background: f._fid === selected ? '#ecf5ff' : undefined,
                }}
                actions={[
                  <Tooltip title="下载原文件" key="dl">
                    <Button
                      type="text"
                      size="small"
                      icon={<DownloadOutlined />}
                      aria-label="下载原文件"
                      onClick={(e) => {
                        e.stopPropagation();
                        void downloadUrl(f.downloadPath).catch(() => undefined);
                      }}
                    />
                  </Tooltip>,
                  <Tooltip title="删除" key="del">
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label="删除"
                      onClick={(e) => {
                        e.stopPropagation();
                        askDelete(f);
                      }}
                    />
                  </Tooltip>,
                ]}
              >
                <List.Item.Meta
                  avatar={f.kind === 'csv' ? <FileTextOutlined style={{ fontSize: 20, color: '#409EFF' }} /> : <FileExcelOutlined style={{ fontSize: 20, color: '#67C23A' }} />}
                  title={<Typography.Text ellipsis={{ tooltip: f.filename }} style={{ maxWidth: 220 }}>{f.filename}</Typography.Text>}
                  description={
                    <span style={{ fontSize: 12 }}>
                      {f.rows} 行 × {f.cols} 列 · {formatSize(f.size)} · <TimeLabel time={f.created_at} />
                    </span>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={16}>
        <Card
          size="small"
          title={current ? current.filename : '数据预览'}
          extra={
            current && (
              <Space>
                <Typography.Text type="secondary">
                  {current.rows} 行 × {current.cols} 列
                </Typography.Text>
                <Button size="small" icon={<DownloadOutlined />} onClick={() => void downloadUrl(current.downloadPath).catch(() => undefined)}>
                  下载原文件
                </Button>
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => askDelete(current)} data-testid="delete-current">
                  删除
                </Button>
              </Space>
            )
          }
        >
          {current && current.notes.length > 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title="读取说明"
              description={
                <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="ingest-notes">
                  {current.notes.map((n) => (
                    <li key={n}>{n}</li>
                  ))}
                </ul>
              }
            />
          )}
          <FilePreviewTable key={selected ?? 'none'} fid={selected} />
        </Card>
        {current && (
          <Card size="small" title="变量信息" style={{ marginTop: 16 }}>
            <VariablePanel fid={selected} />
          </Card>
        )}
      </Col>
    </Row>
  );
}
