// POST /ops/content/news/save: creates (no id) or edits an update-news item.
import { OpsPaths, type OpsNewsSave } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useNewsSave = () => useOpsPost<OpsNewsSave>(OpsPaths.newsSave, [['ops', 'content', 'news']]);
