// POST /ops/users/lock: locks (sessions end, no login) or unlocks an account, with a reason.
import { OpsPaths, type OpsUserLock } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useUserLock = () => useOpsPost<OpsUserLock>(OpsPaths.userLock, [['ops', 'users']]);
