// A confirm box that asks for the action's reason before a money-related or account action.
import { Form, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { ReasonField } from './reason-field';

export interface ReasonDialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  okText?: string;
  danger?: boolean;
  onSubmit(reason: string): Promise<unknown>;
  onClose(): void;
}

export function ReasonDialog({ open, title, description, okText = '确定', danger, onSubmit, onClose }: ReasonDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const { reason } = await form.validateFields();
    setBusy(true);
    try {
      await onSubmit(reason.trim());
      form.resetFields();
      onClose();
    } catch {
      // The API client has shown the server's message; the dialog stays open to try again.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger, loading: busy }}
      cancelText="取消"
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
      data-testid="reason-dialog"
    >
      {description && <div style={{ marginBottom: 12 }}>{description}</div>}
      <Form form={form} layout="vertical" preserve={false}>
        <ReasonField />
      </Form>
    </Modal>
  );
}
