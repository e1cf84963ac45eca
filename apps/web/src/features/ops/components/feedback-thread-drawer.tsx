// One feedback thread for support: the author's messages on the left, support's on the right (each
// sanitised again by SafeHtml), a rich-text reply that completes the thread unless 保持待处理 is
// ticked, and 标记完成 without a reply.
import { FeedbackMessages, FeedbackStatus, type OpsFeedbackThread } from '@labstat/contracts';
import { Button, Checkbox, Descriptions, Drawer, Empty, Space, Spin, Typography } from 'antd';
import { useRef, useState } from 'react';
import { LazyRichTextEditor } from '../../../components/rich-text-editor/lazy-rich-text-editor';
import { SafeHtml } from '../../../components/rich-text-editor/safe-html';
import { WAIT_FOR_UPLOADS, type RichTextEditorHandle } from '../../../components/rich-text-editor/types';
import { TimeLabel } from '../../../components/time-label';
import { ui } from '../../../lib/ui-bridge';
import { useOpsFeedbackComplete } from '../api/feedback-complete';
import { useOpsFeedbackLook } from '../api/feedback-look';
import { useOpsFeedbackReply } from '../api/feedback-reply';
import { FeedbackStateTag } from './feedback-state-tag';

function Message({ entry, author }: { entry: OpsFeedbackThread['conversation'][number]; author: string }) {
  const fromUser = entry.role === 'user';
  return (
    <div style={{ display: 'flex', justifyContent: fromUser ? 'flex-start' : 'flex-end' }} data-testid={fromUser ? 'ops-msg-user' : 'ops-msg-support'}>
      <div style={{ maxWidth: '82%' }}>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {fromUser ? author : '客服'} · <TimeLabel time={entry.create_time} />
        </Typography.Text>
        <div style={{ marginTop: 4, padding: '8px 12px', borderRadius: 8, background: fromUser ? '#f4f4f5' : '#ecf5ff', border: `1px solid ${fromUser ? '#e9e9eb' : '#d9ecff'}` }}>
          <SafeHtml html={entry.text} />
        </div>
      </div>
    </div>
  );
}

export function FeedbackThreadDrawer({ feedbackid, onClose }: { feedbackid: number | null; onClose(): void }) {
  const look = useOpsFeedbackLook(feedbackid);
  const reply = useOpsFeedbackReply();
  const complete = useOpsFeedbackComplete();
  const editor = useRef<RichTextEditorHandle>(null);
  const [keepPending, setKeepPending] = useState(false);
  const t = look.data;

  const send = async () => {
    const ed = editor.current;
    if (!ed || feedbackid === null) return;
    if (ed.pendingUploads() > 0) return void ui.message?.warning(WAIT_FOR_UPLOADS);
    if (ed.isBlank()) return void ui.message?.warning('请输入回复内容');
    const env = await reply.mutateAsync({ feedbackid, html: ed.getHTML(), keepPending });
    ui.message?.success(env.msg || FeedbackMessages.sent);
    ed.clear();
  };
  const finish = async () => {
    if (feedbackid === null) return;
    const env = await complete.mutateAsync({ feedbackid });
    ui.message?.success(env.msg || '已标记完成');
  };

  return (
    <Drawer open={feedbackid !== null} onClose={onClose} size={720} title="反馈详情" destroyOnHidden data-testid="ops-feedback-thread">
      {look.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : !t ? (
        <Empty description="反馈加载失败" />
      ) : (
        <div style={{ display: 'grid', gap: 16 }}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="编号">{t.feedbackid}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <FeedbackStateTag status={t.status} />
            </Descriptions.Item>
            <Descriptions.Item label="类型">{t.type}</Descriptions.Item>
            <Descriptions.Item label="提交时间">
              <TimeLabel time={t.create_time} />
            </Descriptions.Item>
            <Descriptions.Item label="用户">{t.user.username || '未命名用户'}</Descriptions.Item>
            <Descriptions.Item label="手机号">{t.user.mobile}</Descriptions.Item>
          </Descriptions>
          <div style={{ display: 'flex', flexDirection: 'column', gap: 14, maxHeight: '42vh', overflowY: 'auto', padding: 2 }}>
            {t.conversation.map((m, i) => (
              <Message key={i} entry={m} author={t.user.username || t.user.mobile} />
            ))}
          </div>
          <div style={{ borderTop: '1px solid #f0f0f0', paddingTop: 12 }}>
            <LazyRichTextEditor ref={editor} height={140} placeholder="回复用户，可插入截图" data-testid="ops-reply-editor" />
            <div style={{ display: 'flex', alignItems: 'center', marginTop: 10 }}>
              <Checkbox checked={keepPending} onChange={(e) => setKeepPending(e.target.checked)}>
                回复后保持待处理（需要用户补充信息时）
              </Checkbox>
              <Space style={{ marginLeft: 'auto' }}>
                <Button disabled={t.status === FeedbackStatus.completed} loading={complete.isPending} onClick={() => void finish().catch(() => undefined)} data-testid="ops-feedback-complete">
                  标记完成
                </Button>
                <Button type="primary" loading={reply.isPending} onClick={() => void send().catch(() => undefined)} data-testid="ops-feedback-send">
                  发送回复
                </Button>
              </Space>
            </div>
          </div>
        </div>
      )}
    </Drawer>
  );
}
