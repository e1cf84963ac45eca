// GET /ops/content/pages: the content pages (team, citations, introduction, manual) with their HTML.
import { OpsPaths, type OpsContentPage } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export const opsPagesQuery = () => queryOptions({ queryKey: ['ops', 'content', 'pages'], queryFn: () => request<OpsContentPage[]>(OpsPaths.pages) });

export const useOpsPages = () => useQuery(opsPagesQuery());
