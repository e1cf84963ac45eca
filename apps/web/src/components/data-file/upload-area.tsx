// Drag-and-drop upload of a data file (xlsx, xls, csv; under 200 MB), with an uploading indicator.
import { InboxOutlined } from '@ant-design/icons';
import type { FileSummary } from '@labstat/contracts';
import { Progress, Upload } from 'antd';
import { useState } from 'react';
import { checkUpload } from '../../lib/files-api/check-upload';
import { useUploadFile } from '../../lib/files-api/upload-file';
import { ui } from '../../lib/ui-bridge';

export function UploadArea({ onUploaded, compact = false }: { onUploaded?: (file: FileSummary) => void; compact?: boolean }) {
  const upload = useUploadFile();
  const [percent, setPercent] = useState<number | null>(null);

  return (
    <div data-testid="upload-area">
    <Upload.Dragger
      accept=".xlsx,.xls,.csv"
      multiple={false}
      showUploadList={false}
      disabled={upload.isPending}
      beforeUpload={(file) => {
        const problem = checkUpload(file);
        if (problem) {
          ui.message?.error({ content: problem, duration: 5 });
          return Upload.LIST_IGNORE;
        }
        return true;
      }}
      customRequest={({ file, onSuccess, onError }) => {
        setPercent(0);
        upload.mutate(
          { file: file as File, onProgress: setPercent },
          {
            onSuccess: (summary) => {
              ui.message?.success('上传成功');
              onSuccess?.(summary);
              onUploaded?.(summary);
            },
            onError: (err) => onError?.(err as Error),
            onSettled: () => setPercent(null),
          },
        );
      }}
      style={{ padding: compact ? 4 : 12 }}
    >
      {upload.isPending ? (
        <div data-testid="uploading" style={{ padding: '8px 24px' }}>
          <p className="ant-upload-text">{percent !== null && percent < 99 ? '正在上传…' : '上传完成，正在解析数据…'}</p>
          <Progress percent={percent ?? 0} status="active" size="small" />
        </div>
      ) : (
        <>
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">将数据文件拖到此处，或点击上传</p>
          <p className="ant-upload-hint">请上传您自己的数据文件（xlsx、xls、csv），第一行为变量名，文件大小不超过200M</p>
        </>
      )}
    </Upload.Dragger>
    </div>
  );
}
