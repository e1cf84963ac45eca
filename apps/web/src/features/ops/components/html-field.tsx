// An HTML source box with its live preview beside it, shown exactly as users will see it
// (sanitised by SafeHtml; the server sanitises again when it stores the text).
import { Input, Typography } from 'antd';
import { SafeHtml } from '../../../components/rich-text-editor/safe-html';

export interface HtmlFieldProps {
  value?: string;
  onChange?(value: string): void;
  rows?: number;
  maxLength?: number;
  profile?: 'rich' | 'page';
  placeholder?: string;
  'data-testid'?: string;
}

export function HtmlField({ value = '', onChange, rows = 8, maxLength, profile = 'page', placeholder, ...rest }: HtmlFieldProps) {
  return (
    <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
      <Input.TextArea
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder ?? '支持 HTML：<p>、<strong>、<a href="…">、<ul><li>、<img src="…"> 等'}
        style={{ fontFamily: 'monospace', fontSize: 12 }}
        data-testid={rest['data-testid']}
      />
      <div style={{ border: '1px dashed #d9d9d9', borderRadius: 6, padding: '8px 12px', overflow: 'auto', maxHeight: rows * 24 + 16 }} data-testid="html-preview">
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          预览
        </Typography.Text>
        {value.trim() ? <SafeHtml html={value} profile={profile} /> : <Typography.Paragraph type="secondary">（空）</Typography.Paragraph>}
      </div>
    </div>
  );
}
