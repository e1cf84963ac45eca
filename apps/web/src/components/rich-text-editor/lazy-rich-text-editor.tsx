// The editor on demand: Tiptap and ProseMirror load with the first dialog that needs them
// (CONVENTIONS: heavy things load lazily), with a placeholder of the same height meanwhile.
import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { RichTextEditorProps } from './types';

const Editor = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

export function LazyRichTextEditor(props: RichTextEditorProps) {
  return (
    <Suspense
      fallback={
        <div style={{ minHeight: (props.height ?? 360) + 40, border: '1px solid #d9d9d9', borderRadius: 6, padding: 12 }}>
          <Skeleton active paragraph={{ rows: 3 }} />
        </div>
      }
    >
      <Editor {...props} />
    </Suspense>
  );
}
