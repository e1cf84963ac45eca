// App-wide providers: antd (zh_CN, the theme colour and size of the settings, #409EFF by default), TanStack Query, and the bridge that lets the
// API client show messages.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { antdSize, usePreferences } from '../lib/preferences';
import { ui } from '../lib/ui-bridge';

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
  // The chosen theme colour and size (settings drawer, cookies) apply to every page and pop-up.
  const prefs = usePreferences();
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: prefs.theme } }} componentSize={antdSize(prefs.size)}>
      {/* Notices start below the 64 px header so they never cover the user menu. */}
      <AntApp notification={{ top: 80 }}>
        <UiBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
