import { SitePaths, type Announcement } from '@labstat/contracts';
import { request } from '../../../lib/api-client';

export const fetchAnnouncements = () => request<Announcement[]>(SitePaths.announcements, { silent: true });
