// AI chat dialog (spec 01 §2–§4, §8, §9; issue 17): pickers for file, model and question template;
// messages with role, avatar and content (markdown, sanitised); the streamed reply appended to the
// last system message; input disabled while loading, a stop button; the task's history on open;
// copy a reply; under each reply the model that answered and the numbers the report does not hold.
import { CopyOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { BUILTIN_MODEL, DEFAULT_MODEL_BEFORE_LOAD, UNGROUNDED_TIP, type AiMessage } from '@labstat/contracts';
import { Alert, Avatar, Button, Empty, Input, Modal, Select, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { streamDialogue } from '../../lib/ai-api/dialogue';
import { useAiHistory } from '../../lib/ai-api/history';
import { useAiModels } from '../../lib/ai-api/models';
import { useAiQuestions } from '../../lib/ai-api/questions';
import { useFileList } from '../../lib/files-api/file-list';
import { session } from '../../lib/session-store';
import { ui } from '../../lib/ui-bridge';
import { replyHtml } from './reply-html';

export interface AiChatDialogProps {
  open: boolean;
  onClose: () => void;
  toolId: number;
  taskId: string;
  reportid: string;
  /** The data file the report was computed from: attached by default when it is the user's own. */
  fid?: string | null;
}

type ChatMessage = Pick<AiMessage, 'role' | 'content' | 'avatar' | 'model' | 'marks' | 'incomplete'> & { streaming?: boolean };

const USER_AVATAR = '/static/ai/user.svg';
const MAX = 2000;

function MessageView({ m }: { m: ChatMessage }) {
  const html = useMemo(() => (m.role === 'system' ? replyHtml(m.content, m.streaming ? [] : m.marks) : ''), [m.role, m.content, m.marks, m.streaming]);
  const mine = m.role === 'user';
  return (
    <div data-testid={`ai-message-${m.role}`} style={{ display: 'flex', flexDirection: mine ? 'row-reverse' : 'row', gap: 8, margin: '12px 0' }}>
      <Avatar src={m.avatar} size={32} style={{ flex: 'none' }} />
      <div style={{ maxWidth: '82%', minWidth: 0 }}>
        <div
          style={{
            background: mine ? '#409EFF' : '#f4f6fa',
            color: mine ? '#fff' : undefined,
            borderRadius: 8,
            padding: '8px 12px',
            whiteSpace: mine ? 'pre-wrap' : undefined,
            overflowWrap: 'anywhere',
          }}
        >
          {mine ? (
            m.content
          ) : m.content === '' && m.streaming ? (
            <Spin size="small" />
          ) : (
            <div className="ai-reply" data-testid="ai-reply" dangerouslySetInnerHTML={{ __html: html }} />
          )}
        </div>
        {!mine && !m.streaming && (
          <div style={{ display: 'flex', alignItems: 'center', gap: 8, marginTop: 4, flexWrap: 'wrap' }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="ai-model-note">
              由 {m.model} 回答{m.model !== BUILTIN_MODEL ? '，内容由 AI 生成，请核对' : ''}
              {m.incomplete ? '（回答未完成）' : ''}
            </Typography.Text>
            {m.marks.length > 0 && (
              <Tooltip title={UNGROUNDED_TIP}>
                <Tag color="warning" style={{ fontSize: 12 }}>
                  {m.marks.length} 个数值未在报告中出现
                </Tag>
              </Tooltip>
            )}
            {m.content !== '' && (
              <Button
                size="small"
                type="text"
                icon={<CopyOutlined />}
                aria-label="复制"
                onClick={() =>
                  void navigator.clipboard
                    .writeText(m.content)
                    .then(() => ui.message?.success('已复制'))
                    .catch(() => ui.message?.error('复制失败，请手动选择文本复制'))
                }
              >
                复制
              </Button>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

export default function AiChatDialog({ open, onClose, toolId, taskId, reportid, fid }: AiChatDialogProps) {
  const models = useAiModels(open);
  const questions = useAiQuestions(toolId, open);
  const history = useAiHistory(taskId, open);
  const files = useFileList();
  const [model, setModel] = useState<string>(DEFAULT_MODEL_BEFORE_LOAD);
  const [chosenModel, setChosenModel] = useState(false);
  const [attachments, setAttachments] = useState<string[]>([]);
  const [input, setInput] = useState('');
  const [messages, setMessages] = useState<ChatMessage[] | null>(null);
  const [loading, setLoading] = useState(false);
  const abort = useRef<AbortController | null>(null);
  const bottom = useRef<HTMLDivElement>(null);

  // Spec 01 §9: ChatGPT until the list loads, then the first entry.
  useEffect(() => {
    if (!chosenModel && models.data?.[0]) setModel(models.data[0].name);
  }, [models.data, chosenModel]);
  useEffect(() => {
    if (messages === null && history.isFetchedAfterMount && history.data) setMessages(history.data);
  }, [history.data, history.isFetchedAfterMount, messages]);
  useEffect(() => {
    if (fid && files.data?.some((f) => f._fid === fid)) setAttachments((a) => (a.length === 0 ? [fid] : a));
  }, [fid, files.data]);
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [messages]);
  // Closing the dialog or leaving the page stops a reply in progress.
  useEffect(() => () => abort.current?.abort(), []);

  const modelInfo = models.data?.find((m) => m.name === model);
  const list = messages ?? [];

  const patchLast = (patch: (m: ChatMessage) => ChatMessage) =>
    setMessages((ms) => {
      const all = [...(ms ?? [])];
      const i = all.length - 1;
      if (i >= 0 && all[i]!.role === 'system') all[i] = patch(all[i]!);
      return all;
    });

  const send = async () => {
    const message = input.trim();
    if (!message) {
      ui.message?.warning('请输入问题');
      return;
    }
    if (message.length > MAX) {
      ui.message?.warning(`问题不能超过 ${MAX} 字`);
      return;
    }
    if (!models.data?.some((m) => m.name === model)) {
      ui.message?.warning('模型列表尚未加载，请稍候');
      return;
    }
    const me = session.get().avatar || USER_AVATAR;
    setMessages((ms) => [
      ...(ms ?? []),
      { role: 'user', content: message, avatar: me, model, marks: [], incomplete: false },
      { role: 'system', content: '', avatar: modelInfo?.avatar ?? '', model, marks: [], incomplete: false, streaming: true },
    ]);
    setInput('');
    setLoading(true);
    const ac = new AbortController();
    abort.current = ac;
    let ended = false;
    try {
      await streamDialogue(
        { message, apiType: model, reportid, attachments },
        (e) => {
          if (e.delta) patchLast((m) => ({ ...m, content: m.content + e.delta }));
          if (e.marks) {
            ended = true;
            patchLast((m) => ({ ...m, marks: e.marks ?? [], incomplete: e.incomplete ?? false, model: e.model ?? m.model, streaming: false }));
          }
        },
        ac.signal,
      );
    } catch {
      // Refused before the stream (the API client showed why): take the question back.
      setMessages((ms) => (ms ?? []).slice(0, -2));
      setInput(message);
      ended = true;
    } finally {
      if (!ended) patchLast((m) => ({ ...m, incomplete: true, streaming: false }));
      setLoading(false);
      abort.current = null;
    }
  };

  const stop = () => abort.current?.abort();
  const myFiles = files.data ?? [];

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title="AI 解读"
      width={880}
      footer={null}
      destroyOnHidden={false}
      styles={{ body: { display: 'flex', flexDirection: 'column', height: '70vh' } }}
    >
      <Space wrap style={{ marginBottom: 8 }}>
        <Select
          mode="multiple"
          allowClear
          placeholder="附加数据文件（可选）"
          style={{ minWidth: 220, maxWidth: 320 }}
          value={attachments}
          onChange={(v) => setAttachments(v.slice(0, 5))}
          maxCount={5}
          options={myFiles.map((f) => ({ value: f._fid, label: f.filename }))}
          notFoundContent="暂无数据文件"
          aria-label="文件"
          data-testid="ai-file-picker"
        />
        <Select
          style={{ width: 200 }}
          value={model}
          onChange={(v) => {
            setModel(v);
            setChosenModel(true);
          }}
          loading={models.isLoading}
          aria-label="模型"
          data-testid="ai-model-picker"
          options={(models.data ?? []).map((m) => ({
            value: m.name,
            label: (
              <Space size={6}>
                <Avatar src={m.avatar} size={18} />
                {m.name}
              </Space>
            ),
          }))}
        />
        <Select
          style={{ width: 220 }}
          placeholder="问题模板"
          value={null}
          onChange={(v: string | null) => {
            const q = questions.data?.find((x) => x.title === v);
            if (q) setInput(q.content);
          }}
          loading={questions.isLoading}
          aria-label="问题模板"
          data-testid="ai-template-picker"
          options={(questions.data ?? []).map((q) => ({ value: q.title, label: q.title, title: q.content }))}
        />
      </Space>
      {model !== BUILTIN_MODEL && models.data && (
        <Alert type="info" showIcon style={{ marginBottom: 8 }} title="外部大模型的回答可能有误；报告中没有的数值会以波浪下划线标出，请以报告为准。" />
      )}
      <div style={{ flex: 1, overflowY: 'auto', border: '1px solid #ebeef5', borderRadius: 6, padding: '0 12px' }} data-testid="ai-messages">
        {messages === null && history.isLoading ? (
          <Spin style={{ display: 'block', marginTop: 40 }} />
        ) : list.length === 0 ? (
          <Empty style={{ marginTop: 40 }} description="向 AI 提问：结果说明了什么、论文中怎么写、下一步做什么">
            <Space wrap style={{ justifyContent: 'center' }}>
              {(questions.data ?? []).slice(0, 4).map((q) => (
                <Button key={q.title} size="small" onClick={() => setInput(q.content)}>
                  {q.title}
                </Button>
              ))}
            </Space>
          </Empty>
        ) : (
          list.map((m, i) => <MessageView key={i} m={m} />)
        )}
        <div ref={bottom} />
      </div>
      <div style={{ display: 'flex', gap: 8, marginTop: 8, alignItems: 'flex-end' }}>
        <Input.TextArea
          value={input}
          onChange={(e) => setInput(e.target.value)}
          placeholder="输入问题，Enter 发送，Shift + Enter 换行"
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={MAX}
          showCount
          disabled={loading}
          data-testid="ai-input"
          onPressEnter={(e) => {
            if (!e.shiftKey && !e.nativeEvent.isComposing) {
              e.preventDefault();
              void send();
            }
          }}
        />
        {loading ? (
          <Button danger icon={<StopOutlined />} onClick={stop} data-testid="ai-stop">
            停止
          </Button>
        ) : (
          <Button type="primary" icon={<SendOutlined />} onClick={() => void send()} data-testid="ai-send">
            发送
          </Button>
        )}
      </div>
    </Modal>
  );
}
