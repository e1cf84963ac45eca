// POST /ops/content/news/delete: removes an update-news item.
import { OpsPaths, type OpsIdBody } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useNewsDelete = () => useOpsPost<OpsIdBody>(OpsPaths.newsDelete, [['ops', 'content', 'news']]);
