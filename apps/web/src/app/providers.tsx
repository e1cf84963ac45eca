// App-wide providers: antd (zh_CN, theme #409EFF), TanStack Query, and the bridge that lets the
// API client show messages.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactNode } from 'react';
import { ui } from '../lib/ui-bridge';

export const THEME_COLOR = '#409EFF';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

function UiBridge() {
  const { message, modal, notification } = AntApp.useApp();
  ui.message = message;
  ui.modal = modal;
  ui.notification = notification;
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: THEME_COLOR } }}>
      {/* Notices start below the 64 px header so they never cover the user menu. */}
      <AntApp notification={{ top: 80 }}>
        <UiBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
