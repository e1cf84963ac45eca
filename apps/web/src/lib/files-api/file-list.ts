import { FilePaths, type FileSummary } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';

/** The logged-in user's own data files, newest first. */
export const fileListQuery = queryOptions({
  queryKey: ['files', 'list'],
  queryFn: () => request<FileSummary[]>(FilePaths.list),
});
export const useFileList = () => useQuery(fileListQuery);
