// A manual override as the tool page will show it: markdown through marked, then SafeHtml.
import { marked } from 'marked';
import { useMemo } from 'react';
import { SafeHtml } from '../../../components/rich-text-editor/safe-html';

export function ManualPreview({ markdown }: { markdown: string }) {
  const html = useMemo(() => marked.parse(markdown, { async: false, gfm: true }), [markdown]);
  return <SafeHtml html={html} profile="page" data-testid="manual-preview" />;
}
