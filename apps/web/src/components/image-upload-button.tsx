// The button that uploads one image (the avatar, the free-plan screenshot; spec 02 §5, §7): files
// over 2 MB or not images are refused before sending with the spec's message; an upload that
// succeeds is handed to `onUploaded`, then 上传成功 is shown.
import { CommerceMessages } from '@labstat/contracts';
import { Button, Upload } from 'antd';
import { useState, type ReactNode } from 'react';
import { ApiError } from '../lib/api-client';
import { imageProblem, uploadImage } from '../lib/commerce-api/upload-image';
import { ui } from '../lib/ui-bridge';

export interface ImageUploadButtonProps {
  icon: ReactNode;
  children: ReactNode;
  testId: string;
  /** Receives the stored file path; a rejection counts as a failed upload. */
  onUploaded(path: string): unknown;
  /** Told when an upload starts and ends, for a form that must wait for it. */
  onBusyChange?(busy: boolean): void;
}

export function ImageUploadButton({ icon, children, testId, onUploaded, onBusyChange }: ImageUploadButtonProps) {
  const [busy, setBusy] = useState(false);
  const busyAs = (b: boolean) => {
    setBusy(b);
    onBusyChange?.(b);
  };

  const upload = async (file: File) => {
    busyAs(true);
    try {
      await onUploaded(await uploadImage(file));
      ui.message?.success(CommerceMessages.uploadOk);
    } catch (err) {
      // Server refusals were shown by the API client; upload failures are shown here.
      if (!(err instanceof ApiError)) ui.message?.error(err instanceof Error ? err.message : CommerceMessages.uploadFailed);
    } finally {
      busyAs(false);
    }
  };

  return (
    <Upload
      accept="image/png,image/jpeg,image/gif,image/webp"
      showUploadList={false}
      disabled={busy}
      beforeUpload={(file) => {
        const problem = imageProblem(file);
        if (problem) {
          ui.message?.error(problem);
          return Upload.LIST_IGNORE;
        }
        void upload(file);
        return false;
      }}
    >
      <Button icon={icon} loading={busy} data-testid={testId}>
        {children}
      </Button>
    </Upload>
  );
}
