// An audit row's before and after states, pretty-printed as text (never as HTML: they hold what
// users and operators typed).
import { Typography } from 'antd';
import { prettyJson } from '../format';


const box = { margin: 0, maxHeight: 320, overflow: 'auto', background: '#f5f7fa', padding: 10, borderRadius: 6, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

export function JsonDiff({ before, after }: { before: string | null; after: string | null }) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }} data-testid="audit-diff">
      <div>
        <Typography.Text type="secondary">操作前</Typography.Text>
        <pre style={box}>{prettyJson(before)}</pre>
      </div>
      <div>
        <Typography.Text type="secondary">操作后</Typography.Text>
        <pre style={box}>{prettyJson(after)}</pre>
      </div>
    </div>
  );
}
