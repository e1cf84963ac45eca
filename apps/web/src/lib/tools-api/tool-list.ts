// Tool lists and category buttons (spec 01 §2 tool list): 12 per page, count for the pager.
import { TOOL_PAGE_SIZE, ToolPaths, type ToolClass, type ToolListItem } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { requestEnvelope, request } from '../api-client';

export interface ToolSearch {
  toolname: string;
  toolcalss: string;
  isFavor: boolean;
  level1: string;
  page: number;
  advanced?: boolean;
}

export const toolListQuery = (q: ToolSearch) =>
  queryOptions({
    queryKey: ['tools', 'list', q],
    queryFn: async () => {
      const env = await requestEnvelope<ToolListItem[]>(q.advanced ? ToolPaths.searchAdvanced : ToolPaths.search, {
        query: { toolname: q.toolname, toolcalss: q.toolcalss, isFavor: q.isFavor ? 1 : 0, level1: q.level1, page: q.page, limit: TOOL_PAGE_SIZE },
      });
      return { list: env.data, count: env.count ?? env.data.length };
    },
    placeholderData: keepPreviousData,
  });
export const useToolList = (q: ToolSearch, enabled = true) => useQuery({ ...toolListQuery(q), enabled });

export const toolClassesQuery = (level1: string, advanced = false) =>
  queryOptions({
    queryKey: ['tools', 'classes', level1, advanced],
    queryFn: () => request<ToolClass[]>(advanced ? ToolPaths.classesAdvanced : ToolPaths.classes, { query: { level1 } }),
    staleTime: 5 * 60_000,
  });
export const useToolClasses = (level1: string, advanced = false) => useQuery(toolClassesQuery(level1, advanced));
