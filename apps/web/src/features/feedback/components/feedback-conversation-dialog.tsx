// The conversation of one feedback (spec 01 §2): the user's messages on the right, support's on
// the left, each sanitised again here, and a rich-text reply box (POST /user/feedback-v2/send).
import { FeedbackMessages, type FeedbackEntry } from '@labstat/contracts';
import { Button, Empty, Modal, Space, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { LazyRichTextEditor } from '../../../components/rich-text-editor/lazy-rich-text-editor';
import { SafeHtml } from '../../../components/rich-text-editor/safe-html';
import { WAIT_FOR_UPLOADS, type RichTextEditorHandle } from '../../../components/rich-text-editor/types';
import { ui } from '../../../lib/ui-bridge';
import { useFeedbackLook } from '../api/feedback-look';
import { useSendFeedbackReply } from '../api/feedback-send';
import { FeedbackStatusTag } from './feedback-status-tag';
import { TimeLabel } from '../../../components/time-label';

function Message({ entry }: { entry: FeedbackEntry }) {
  const mine = entry.role === 'user';
  return (
    <div style={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }} data-testid={mine ? 'feedback-msg-user' : 'feedback-msg-support'}>
      <div style={{ maxWidth: '78%', textAlign: mine ? 'right' : 'left' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {mine ? '我' : '客服'} · <TimeLabel time={entry.create_time} />
        </Typography.Text>
        <div
          style={{
            marginTop: 4,
            padding: '8px 12px',
            borderRadius: 8,
            textAlign: 'left',
            background: mine ? '#ecf5ff' : '#f4f4f5',
            border: `1px solid ${mine ? '#d9ecff' : '#e9e9eb'}`,
          }}
        >
          <SafeHtml html={entry.text} />
        </div>
      </div>
    </div>
  );
}

export function FeedbackConversationDialog({ feedbackid, onClose }: { feedbackid: number | null; onClose(): void }) {
  const look = useFeedbackLook(feedbackid);
  const send = useSendFeedbackReply();
  const editor = useRef<RichTextEditorHandle>(null);
  const listEnd = useRef<HTMLDivElement>(null);
  const data = look.data;
  const count = data?.conversation.length ?? 0;

  useEffect(() => {
    if (count > 0) listEnd.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  const reply = async () => {
    const ed = editor.current;
    if (!ed || feedbackid === null) return;
    if (ed.pendingUploads() > 0) {
      ui.message?.warning(WAIT_FOR_UPLOADS);
      return;
    }
    if (ed.isBlank()) {
      ui.message?.warning('请输入回复内容');
      return;
    }
    const msg = await send.mutateAsync({ feedbackid, input: ed.getHTML() });
    ui.message?.success(msg || FeedbackMessages.sent);
    ed.clear();
  };

  return (
    <Modal
      open={feedbackid !== null}
      title={
        <Space>
          <span>反馈详情</span>
          {data && (
            <>
              <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
                {data.type}
              </Typography.Text>
              <FeedbackStatusTag status={data.status} />
            </>
          )}
        </Space>
      }
      width={760}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      data-testid="feedback-conversation"
    >
      {look.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : !data ? (
        <Empty description="反馈加载失败" />
      ) : (
        <>
          <div style={{ maxHeight: '45vh', overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 14, padding: '4px 2px 8px' }}>
            {data.conversation.map((m, i) => (
              <Message key={i} entry={m} />
            ))}
            <div ref={listEnd} />
          </div>
          <div style={{ borderTop: '1px solid #f0f0f0', paddingTop: 12, marginTop: 4 }}>
            <LazyRichTextEditor ref={editor} height={140} placeholder="补充说明或回复客服，可插入截图" data-testid="feedback-reply-editor" />
            <div style={{ textAlign: 'right', marginTop: 10 }}>
              <Button type="primary" loading={send.isPending} onClick={() => reply().catch(() => undefined)} data-testid="feedback-reply-send">
                发送
              </Button>
            </div>
          </div>
        </>
      )}
    </Modal>
  );
}
