// The user's own files as radio options (inside a Radio.Group), each with a delete button behind the
// spec's confirmation (此操作将永久删除该文件, 是否继续? then 删除成功!).
import { DeleteOutlined } from '@ant-design/icons';
import type { FileSummary } from '@labstat/contracts';
import { Button, Radio, Tooltip, Typography } from 'antd';
import { useDeleteFile } from '../../lib/files-api/delete-file';
import { confirmDeleteFile } from './confirm-delete-file';

export function MyFileOptions({ files, onDeleted, empty = '暂无，请在下方上传' }: { files: readonly FileSummary[]; onDeleted?: (fid: string) => void; empty?: string }) {
  const remove = useDeleteFile();
  if (files.length === 0) return <Typography.Text type="secondary">{empty}</Typography.Text>;
  return (
    <>
      {files.map((f) => (
        <div key={f._fid} style={{ display: 'flex', alignItems: 'center' }} data-testid="my-file">
          <Radio value={f._fid} style={{ flex: 1, minWidth: 0 }}>
            <Typography.Text ellipsis={{ tooltip: f.filename }} style={{ maxWidth: 200 }}>
              {f.filename}
            </Typography.Text>
          </Radio>
          <Tooltip title="删除">
            <Button
              type="text"
              size="small"
              danger
              aria-label="删除"
              icon={<DeleteOutlined />}
              onClick={() =>
                confirmDeleteFile(async () => {
                  await remove.mutateAsync(f._fid);
                  onDeleted?.(f._fid);
                })
              }
            />
          </Tooltip>
        </div>
      ))}
    </>
  );
}
