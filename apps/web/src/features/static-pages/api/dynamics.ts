// GET /dynamics?item=…: a static page's title and HTML (team introduction, citations and acknowledgements).
import { HelpPaths, type DYNAMICS_ITEMS } from '@labstat/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../lib/api-client';

export type DynamicsItem = (typeof DYNAMICS_ITEMS)[number];

export const dynamicsQuery = (item: DynamicsItem) =>
  queryOptions({
    queryKey: ['dynamics', item],
    queryFn: () => request<{ title: string; introduction: string }>(HelpPaths.dynamics, { query: { item } }),
    staleTime: 10 * 60_000,
  });

export const useDynamics = (item: DynamicsItem) => useQuery(dynamicsQuery(item));
