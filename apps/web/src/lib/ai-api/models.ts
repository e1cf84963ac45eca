// GET /ai/v2/apiType: the models a user can ask (the built-in interpreter first).
import { AiPaths, type AiModel } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../api-client';

export const aiModelsQuery = () =>
  queryOptions({ queryKey: ['ai', 'models'], queryFn: () => request<AiModel[]>(AiPaths.apiType), staleTime: 5 * 60_000 });
export const useAiModels = (enabled: boolean) => useQuery({ ...aiModelsQuery(), enabled });
