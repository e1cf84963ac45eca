// A waiting submission's place in the analysis queue (GET /anatools/v2/queue?ref=), and how a
// queued task is labelled: its status stays 分析中, shown as 排队中 with its place when known.
import { QUEUED_LABEL, TaskPaths, type QueueState } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';

/** 排队中（第 N 位） when the place is known, else 排队中. */
export const queueLabel = (position: number | null | undefined): string => (position ? `${QUEUED_LABEL}（第 ${position} 位）` : QUEUED_LABEL);

export const queueStateQuery = (ref: string) =>
  queryOptions({
    queryKey: ['queue', ref],
    queryFn: () => request<QueueState>(TaskPaths.queue, { query: { ref }, silent: true }),
    retry: false,
    // Until the task has left the queue: it may not exist yet (null), or still wait.
    refetchInterval: (q) => (q.state.data && !q.state.data.queued ? false : 1000),
  });

export function useQueueState(ref: string | null) {
  return useQuery({ ...queueStateQuery(ref ?? ''), enabled: ref !== null });
}
