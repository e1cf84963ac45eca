// The tool detail calls: base (steps and fields), fields filled from a file, manual, run time, video.
import { ToolPaths, type FormField, type ToolDetail, type VideoData } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request, requestEnvelope } from '../api-client';

// Video links are followed by the <video> element itself, not by the API client, so they need the base too.
const BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

export const toolBaseQuery = (toolId: number, taskId: string) =>
  queryOptions({
    queryKey: ['tools', 'base', toolId, taskId],
    queryFn: () => request<ToolDetail>(ToolPaths.base, { query: { toolId, taskId } }),
  });
export const useToolBase = (toolId: number, taskId: string) => useQuery(toolBaseQuery(toolId, taskId));

export const stepFieldsQuery = (toolId: number, fid: string, taskId: string) =>
  queryOptions({
    queryKey: ['tools', 'fields', toolId, fid, taskId],
    queryFn: () => request<FormField[]>(ToolPaths.stepParamsRule, { method: 'POST', body: { toolId, taskId, file: { data: fid } } }),
  });
export const useStepFields = (toolId: number, fid: string | null, taskId: string) =>
  useQuery({ ...stepFieldsQuery(toolId, fid ?? '', taskId), enabled: !!fid });

export const manualQuery = (toolId: number) =>
  queryOptions({
    queryKey: ['tools', 'manual', toolId],
    queryFn: () => request<{ manual: string }>(ToolPaths.manual, { query: { toolId } }),
    staleTime: Infinity,
  });
export const useManual = (toolId: number, enabled = true) => useQuery({ ...manualQuery(toolId), enabled });

/** Video signature; status 1 means a video exists (spec 01 §3). */
export async function fetchVideo(toolId: number): Promise<VideoData> {
  return (await requestEnvelope<VideoData>(ToolPaths.video, { query: { toolId }, silent: true })).data;
}

/** Where a plain <video> plays the signed file; null when the tool has no video. */
export function videoSrc(v: Pick<VideoData, 'status' | 'signature'> | null): string | null {
  if (!v || v.status !== 1 || !v.signature) return null;
  const { fileId, psign } = v.signature;
  return `${BASE}${ToolPaths.videoPlay}/${encodeURIComponent(fileId)}?${new URLSearchParams({ psign }).toString()}`;
}
