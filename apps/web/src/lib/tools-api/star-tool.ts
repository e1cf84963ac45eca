// The star toggle: optimistic (spec 01 §4) in lists and the tool detail, rolled back on failure.
import { ToolPaths, type ToolDetail, type ToolListItem } from '@labstat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../api-client';

type ListData = { list: ToolListItem[]; count: number };

export const starTool = (toolId: number, status: boolean) => request<null>(ToolPaths.star, { method: 'POST', body: { toolId, status } });

export function useStarTool() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ toolId, status }: { toolId: number; status: boolean }) => starTool(toolId, status),
    onMutate: async ({ toolId, status }) => {
      await qc.cancelQueries({ queryKey: ['tools'] });
      const lists = qc.getQueriesData<ListData>({ queryKey: ['tools', 'list'] });
      const details = qc.getQueriesData<ToolDetail>({ queryKey: ['tools', 'base', toolId] });
      qc.setQueriesData<ListData>({ queryKey: ['tools', 'list'] }, (d) =>
        d ? { ...d, list: d.list.map((t) => (t.id === toolId ? { ...t, is_favor: status } : t)) } : d,
      );
      qc.setQueriesData<ToolDetail>({ queryKey: ['tools', 'base', toolId] }, (d) => (d ? { ...d, star: status } : d));
      return { lists, details };
    },
    onError: (_e, _v, ctx) => {
      for (const [key, data] of [...(ctx?.lists ?? []), ...(ctx?.details ?? [])]) qc.setQueryData(key, data);
    },
    // Favourite lists change membership, so they are fetched again once the server agrees.
    onSettled: () =>
      qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'tools' && q.queryKey[1] === 'list' && (q.queryKey[2] as { isFavor?: boolean }).isFavor === true }),
  });
}
