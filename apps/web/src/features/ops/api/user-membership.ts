// POST /ops/users/membership: extends or revokes a user's membership (a reason is required).
import { OpsPaths, type OpsMembershipChange } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useMembershipChange = () => useOpsPost<OpsMembershipChange>(OpsPaths.userMembership, [['ops', 'users']]);
