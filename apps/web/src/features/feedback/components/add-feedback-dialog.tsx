// The add dialog (spec 01 §2, §5): type (使用故障 by default) and rich-text content with images;
// nothing is sent while an image is still uploading (spec 02 §5).
import { FEEDBACK_TYPES, FeedbackMessages, type FeedbackType } from '@labstat/contracts';
import { Form, Modal, Select } from 'antd';
import { useRef, useState } from 'react';
import { LazyRichTextEditor } from '../../../components/rich-text-editor/lazy-rich-text-editor';
import { WAIT_FOR_UPLOADS, type RichTextEditorHandle } from '../../../components/rich-text-editor/types';
import { ui } from '../../../lib/ui-bridge';
import { useAddFeedback } from '../api/feedback-add';

export function AddFeedbackDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const [type, setType] = useState<FeedbackType>(FEEDBACK_TYPES[0]);
  const editor = useRef<RichTextEditorHandle>(null);
  const add = useAddFeedback();

  const submit = async () => {
    const ed = editor.current;
    if (ed && ed.pendingUploads() > 0) {
      ui.message?.warning(WAIT_FOR_UPLOADS);
      return;
    }
    if (!ed || ed.isBlank()) {
      ui.message?.warning(FeedbackMessages.empty);
      return;
    }
    const res = await add.mutateAsync({ type, content: ed.getHTML() });
    ui.message?.success(res.msg || FeedbackMessages.added);
    ed.clear();
    setType(FEEDBACK_TYPES[0]);
    onClose();
  };

  return (
    <Modal
      open={open}
      title="添加反馈"
      width={760}
      okText="提交"
      cancelText="取消"
      confirmLoading={add.isPending}
      onOk={() => submit().catch(() => undefined)}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      data-testid="feedback-add-dialog"
    >
      <Form layout="vertical">
        <Form.Item label="反馈类型" required>
          <Select<FeedbackType>
            value={type}
            onChange={setType}
            options={FEEDBACK_TYPES.map((t) => ({ value: t, label: t }))}
            data-testid="feedback-type"
            style={{ maxWidth: 240 }}
          />
        </Form.Item>
        <Form.Item label="反馈内容" required style={{ marginBottom: 0 }}>
          <LazyRichTextEditor ref={editor} placeholder="请描述遇到的问题或建议，可粘贴或插入截图（单张不超过2M）" data-testid="feedback-editor" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
