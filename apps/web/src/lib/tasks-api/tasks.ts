// The task center calls (spec 01 §7): a page of tasks per list and status, deletion, and the Word
// download of a report (POST /anatools/v2/getresult → downloadPath).
import { TASK_PAGE_SIZE, TaskPaths, type GetResultData, type TaskListData } from '@labstat/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { downloadFailed, downloadUrl, request } from '../api-client';

/** public-tool-task lists standard tools' tasks, height-tool-task advanced ones. */
export type TaskListKind = 'tool' | 'process';
/** The filter tab: 全部 or a status. */
export type TaskFilter = '全部' | '分析中' | '成功' | '失败';

export const taskListQuery = (kind: TaskListKind, status: TaskFilter, page: number) =>
  queryOptions({
    queryKey: ['tasks', kind, status, page],
    queryFn: () =>
      request<TaskListData>(kind === 'tool' ? TaskPaths.listTool : TaskPaths.listProcess, {
        query: { status: status === '全部' ? '' : status, page, limit: TASK_PAGE_SIZE },
      }),
    placeholderData: keepPreviousData,
    // A task still 分析中 finishes on its own: look again while one is on screen.
    refetchInterval: (q) => (q.state.data?.task_list.some((t) => t.status === '分析中') ? 3000 : false),
  });
export const useTaskList = (kind: TaskListKind, status: TaskFilter, page: number) => useQuery(taskListQuery(kind, status, page));

export function useDeleteTask(kind: TaskListKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (taskid: string) => request<null>(kind === 'tool' ? TaskPaths.deleteTool : TaskPaths.deleteProcess, { method: 'DELETE', query: { taskid } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['tasks'] }),
  });
}

/** Asks for the report's Word document, then saves it under the name at the end of its URL; 下载失败 on failure. */
export async function downloadWord(reportid: string): Promise<void> {
  let downloadPath: string;
  try {
    ({ downloadPath } = await request<GetResultData>(TaskPaths.getResult, { method: 'POST', body: { reportid }, silent: true }));
  } catch {
    throw downloadFailed();
  }
  await downloadUrl(downloadPath);
}
