// User manual (/document/document-introduce and /document/document-manual, spec 01 §2): the
// server's introduction and quick-start pages (/help/*.html) in a frame that grows with the page.
import { helpPageUrl } from '@labstat/contracts';
import { Card } from 'antd';
import { HelpFrame } from './components/help-frame';

const PAGES = {
  introduction: { title: '平台介绍', src: helpPageUrl('introduction') },
  manual: { title: '快速上手', src: helpPageUrl('manual') },
} as const;

export function DocumentPage({ page }: { page: keyof typeof PAGES }) {
  const p = PAGES[page];
  return (
    <Card title={p.title} size="small" styles={{ body: { padding: 0 } }} data-testid={`document-${page}`}>
      <HelpFrame src={p.src} title={p.title} />
    </Card>
  );
}
