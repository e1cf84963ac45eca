// The sidebar's icons for the names route-meta gives its entries (only this layout draws them).
import { AppstoreOutlined, BookOutlined, CalculatorOutlined, CommentOutlined, DashboardOutlined, DatabaseOutlined, ExperimentOutlined, FileProtectOutlined, FilterOutlined, HomeOutlined, NotificationOutlined, ReadOutlined, ScheduleOutlined, StarOutlined, TeamOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import type { MenuIconName } from '../route-meta';

export const MENU_ICONS: Record<MenuIconName, ReactNode> = {
  home: <HomeOutlined />,
  dashboard: <DashboardOutlined />,
  database: <DatabaseOutlined />,
  calculator: <CalculatorOutlined />,
  filter: <FilterOutlined />,
  appstore: <AppstoreOutlined />,
  experiment: <ExperimentOutlined />,
  star: <StarOutlined />,
  schedule: <ScheduleOutlined />,
  book: <BookOutlined />,
  comment: <CommentOutlined />,
  team: <TeamOutlined />,
  notification: <NotificationOutlined />,
  read: <ReadOutlined />,
  fileProtect: <FileProtectOutlined />,
};
