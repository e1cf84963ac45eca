// The rich-text editor of feedback and replies (spec 01 §5, spec 02 §5, §9): Tiptap's StarterKit
// with images, a small toolbar, images from the toolbar, paste or drop uploaded as the avatar is
// (≤ 2 MB, GET /qcloud/secretkey then PUT). The parent asks `pendingUploads()` before submitting,
// so nothing is sent while an image is still on its way. Loaded lazily (lazy-rich-text-editor.tsx).
import {
  BoldOutlined,
  CodeOutlined,
  ItalicOutlined,
  LoadingOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import Image from '@tiptap/extension-image';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Tooltip, Typography } from 'antd';
import { useCallback, useImperativeHandle, useRef, useState, type ReactNode } from 'react';
import { imageSrc } from '../../lib/commerce-api/image-src';
import { imageProblem, uploadImage } from '../../lib/commerce-api/upload-image';
import { ui } from '../../lib/ui-bridge';
import type { RichTextEditorHandle, RichTextEditorProps } from './types';
import './rich-text.css';

/** Spec 02 §9: editor default height. */
export const EDITOR_DEFAULT_HEIGHT = 360;
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

function imageFiles(list: FileList | null | undefined): File[] {
  return list ? [...list].filter((f) => f.type.startsWith('image/')) : [];
}

function ToolButton({ title, icon, active, disabled, onClick }: { title: string; icon: ReactNode; active?: boolean; disabled?: boolean; onClick(): void }) {
  return (
    <Tooltip title={title} mouseEnterDelay={0.4}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={icon}
        aria-label={title}
        aria-pressed={active}
        disabled={disabled}
        // Keep the editor's selection: a mousedown on the button would take focus away first.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

function Toolbar({ editor, uploading, onPickImage }: { editor: Editor; uploading: number; onPickImage(): void }) {
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      code: e.isActive('codeBlock'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const run = (f: (c: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () => f(editor.chain().focus()).run();
  return (
    <div className="rich-text-editor__toolbar" role="toolbar" aria-label="格式">
      <ToolButton title="加粗" icon={<BoldOutlined />} active={s.bold} onClick={run((c) => c.toggleBold())} />
      <ToolButton title="斜体" icon={<ItalicOutlined />} active={s.italic} onClick={run((c) => c.toggleItalic())} />
      <ToolButton title="下划线" icon={<UnderlineOutlined />} active={s.underline} onClick={run((c) => c.toggleUnderline())} />
      <ToolButton title="删除线" icon={<StrikethroughOutlined />} active={s.strike} onClick={run((c) => c.toggleStrike())} />
      <Divider orientation="vertical" />
      <ToolButton title="无序列表" icon={<UnorderedListOutlined />} active={s.bullet} onClick={run((c) => c.toggleBulletList())} />
      <ToolButton title="有序列表" icon={<OrderedListOutlined />} active={s.ordered} onClick={run((c) => c.toggleOrderedList())} />
      <ToolButton title="引用" icon={<span style={{ fontWeight: 700 }}>”</span>} active={s.quote} onClick={run((c) => c.toggleBlockquote())} />
      <ToolButton title="代码块" icon={<CodeOutlined />} active={s.code} onClick={run((c) => c.toggleCodeBlock())} />
      <Divider orientation="vertical" />
      <ToolButton title="插入图片（不超过2M）" icon={<PictureOutlined />} onClick={onPickImage} />
      <ToolButton title="撤销" icon={<UndoOutlined />} disabled={!s.canUndo} onClick={run((c) => c.undo())} />
      <ToolButton title="重做" icon={<RedoOutlined />} disabled={!s.canRedo} onClick={run((c) => c.redo())} />
      {uploading > 0 && (
        <Typography.Text type="secondary" style={{ marginLeft: 'auto', fontSize: 12 }} data-testid="rte-uploading">
          <LoadingOutlined /> 图片上传中（{uploading}）
        </Typography.Text>
      )}
    </div>
  );
}

export function RichTextEditor({ ref, placeholder = '请输入内容', height = EDITOR_DEFAULT_HEIGHT, onPendingChange, 'data-testid': testId }: RichTextEditorProps) {
  const [uploading, setUploading] = useState(0);
  const pending = useRef(0);
  const fileInput = useRef<HTMLInputElement>(null);
  const editorRef = useRef<Editor | null>(null);

  const bump = useCallback(
    (by: number) => {
      pending.current += by;
      setUploading(pending.current);
      onPendingChange?.(pending.current);
    },
    [onPendingChange],
  );

  const upload = useCallback(
    (files: File[]) => {
      for (const file of files) {
        const problem = imageProblem(file);
        if (problem) {
          ui.message?.error(problem);
          continue;
        }
        bump(1);
        uploadImage(file)
          .then((path) => {
            const src = imageSrc(path);
            const ed = editorRef.current;
            if (src && ed && !ed.isDestroyed) ed.chain().focus().setImage({ src, alt: file.name.slice(0, 100) }).run();
          })
          .catch((err: unknown) => ui.message?.error(err instanceof Error ? err.message : '文件上传失败,请重新上传'))
          .finally(() => bump(-1));
      }
    },
    [bump],
  );

  const editor = useEditor({
    extensions: [
      StarterKit.configure({ link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] } }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    editorProps: {
      attributes: { 'aria-label': placeholder, 'aria-multiline': 'true', role: 'textbox' },
      handlePaste: (_view, event) => {
        const files = imageFiles(event.clipboardData?.files);
        if (files.length === 0) return false;
        upload(files);
        return true;
      },
      handleDrop: (_view, event, _slice, moved) => {
        const files = moved ? [] : imageFiles(event.dataTransfer?.files);
        if (files.length === 0) return false;
        event.preventDefault();
        upload(files);
        return true;
      },
    },
  });
  editorRef.current = editor;
  const empty = useEditorState({ editor, selector: ({ editor: e }) => e.isEmpty });

  useImperativeHandle(
    ref,
    (): RichTextEditorHandle => ({
      getHTML: () => (editor.isEmpty ? '' : editor.getHTML()),
      isBlank: () => editor.isEmpty || (editor.getText().trim() === '' && !/<img\b/i.test(editor.getHTML())),
      pendingUploads: () => pending.current,
      clear: () => editor.commands.clearContent(true),
      focus: () => editor.commands.focus(),
    }),
    [editor],
  );

  return (
    <div className="rich-text-editor" data-testid={testId}>
      <Toolbar editor={editor} uploading={uploading} onPickImage={() => fileInput.current?.click()} />
      <div className="rich-text-editor__body" style={{ minHeight: height, maxHeight: Math.max(height, 480) }} onClick={() => editor.commands.focus()}>
        {empty && <div className="rich-text-editor__placeholder">{placeholder}</div>}
        <EditorContent editor={editor} style={{ minHeight: height }} />
      </div>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        multiple
        style={{ display: 'none' }}
        data-testid={testId ? `${testId}-file` : undefined}
        onChange={(e) => {
          upload(imageFiles(e.target.files));
          e.target.value = '';
        }}
      />
    </div>
  );
}
