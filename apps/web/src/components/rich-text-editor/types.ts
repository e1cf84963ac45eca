// The editor's props and handle, apart from the editor so that importing them loads no Tiptap.
import type { Ref } from 'react';

export interface RichTextEditorHandle {
  /** The content as HTML; '' when empty. */
  getHTML(): string;
  /** No text and no image. */
  isBlank(): boolean;
  /** Images still uploading: submit only when this is 0 (spec 02 §5). */
  pendingUploads(): number;
  clear(): void;
  focus(): void;
}

export interface RichTextEditorProps {
  ref?: Ref<RichTextEditorHandle>;
  placeholder?: string;
  /** Height of the writing area in px (spec 02 §9: 360 by default). */
  height?: number;
  onPendingChange?(count: number): void;
  'data-testid'?: string;
}

/** Spec 02 §5: shown when the user submits while an image is still uploading. */
export const WAIT_FOR_UPLOADS = '图片正在上传，请等待上传完成后再提交';
