// The layout settings drawer (spec 02 §2, §3, §9): theme colour (cookie, 30 days), tags view,
// fixed header and sidebar logo (all off by default), and the control size (default medium).
import { ColorPicker, Drawer, Radio, Switch } from 'antd';
import type { ReactNode } from 'react';
import { DEFAULT_THEME, preferences, usePreferences, type AppSize } from '../../lib/preferences';

const SIZE_LABELS: Record<AppSize, string> = { default: '默认', medium: '中等', small: '小', mini: '迷你' };
const PRESETS = [DEFAULT_THEME, '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', padding: '12px 0', fontSize: 14, color: 'rgba(0,0,0,.65)' }}>
      <span>{label}</span>
      {children}
    </div>
  );
}

export function SettingsPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const p = usePreferences();
  return (
    <Drawer title="系统布局配置" open={open} onClose={onClose} size={300} data-testid="settings-panel">
      <Row label="主题色">
        <ColorPicker
          value={p.theme}
          disabledAlpha
          presets={[{ label: '推荐', colors: PRESETS }]}
          onChangeComplete={(c) => preferences.set({ theme: c.toHexString() })}
          aria-label="主题色"
          data-testid="theme-picker"
        />
      </Row>
      <Row label="开启 Tags-View">
        <Switch checked={p.tagsView} onChange={(tagsView) => preferences.set({ tagsView })} aria-label="开启 Tags-View" />
      </Row>
      <Row label="固定 Header">
        <Switch checked={p.fixedHeader} onChange={(fixedHeader) => preferences.set({ fixedHeader })} aria-label="固定 Header" />
      </Row>
      <Row label="侧边栏 Logo">
        <Switch checked={p.sidebarLogo} onChange={(sidebarLogo) => preferences.set({ sidebarLogo })} aria-label="侧边栏 Logo" />
      </Row>
      <Row label="布局大小">
        <Radio.Group
          value={p.size}
          optionType="button"
          buttonStyle="solid"
          size="small"
          onChange={(e) => preferences.set({ size: e.target.value as AppSize })}
          options={(Object.keys(SIZE_LABELS) as AppSize[]).map((s) => ({ value: s, label: SIZE_LABELS[s] }))}
        />
      </Row>
    </Drawer>
  );
}
