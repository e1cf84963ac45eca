// POST /ops/content/agreement/save: the user agreement's URL.
import { OpsPaths } from '@labstat/contracts';
import { useOpsPost } from './ops-request';

export const useAgreementSave = () => useOpsPost<{ url: string }>(OpsPaths.agreementSave, [['ops', 'content', 'agreement']]);
