// GET /ops/content/agreement: the user agreement's URL.
import { OpsPaths } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const opsAgreementQuery = () => queryOptions({ queryKey: ['ops', 'content', 'agreement'], queryFn: () => request<{ url: string }>(OpsPaths.agreement) });

export const useOpsAgreement = () => useQuery(opsAgreementQuery());
