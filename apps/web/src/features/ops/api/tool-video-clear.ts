// POST /ops/tools/video/clear: removes the tool's video.
import { OpsPaths } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useToolVideoClear = () => useOpsPost<{ id: number; reason?: string }>(OpsPaths.toolVideoClear, [['ops', 'tools']]);
