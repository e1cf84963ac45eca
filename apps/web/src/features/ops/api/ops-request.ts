// Shared plumbing of the ops API files: a paged list read, a POST whose success refreshes the
// console's cached lists, and CSV downloads (the exports answer text/csv, not the envelope).
import { OPS_PAGE_SIZE, ResultCode, type Envelope } from '@labstat/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, requestEnvelope } from '../../../lib/api-client';
import { session } from '../../../lib/session-store';
import { ui } from '../../../lib/ui-bridge';

export interface Paged<T> {
  list: T[];
  count: number;
}

type Query = Record<string, string | number | boolean | undefined | null>;

export async function fetchPage<T>(path: string, query: Query): Promise<Paged<T>> {
  const env = await requestEnvelope<T[]>(path, { query: { limit: OPS_PAGE_SIZE, ...query } });
  return { list: env.data, count: env.count ?? env.data.length };
}

/**
 * A POST of the console; on success the listed query keys (prefixes) are fetched afresh, and the
 * audit log, which every action writes to.
 */
export function useOpsPost<TBody, TData = null>(path: string, refresh: readonly (readonly unknown[])[]) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TBody): Promise<Envelope<TData>> => requestEnvelope<TData>(path, { method: 'POST', body }),
    onSuccess: () => Promise.all([...refresh, ['ops', 'audit']].map((queryKey) => qc.invalidateQueries({ queryKey }))),
  });
}

function fileName(disposition: string | null, fallback: string): string {
  const star = disposition?.match(/filename\*=UTF-8''([^;]+)/i);
  if (star) return decodeURIComponent(star[1]!);
  const plain = disposition?.match(/filename="?([^";]+)"?/i);
  return plain ? plain[1]! : fallback;
}

/** Fetches a CSV export with the token header and saves it; an error envelope shows its message. */
export async function downloadCsv(path: string, query: Query, fallbackName: string): Promise<void> {
  const url = new URL(((import.meta.env.VITE_API_BASE as string | undefined) ?? '') + path, window.location.origin);
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  const headers: Record<string, string> = {};
  const token = session.get().token;
  if (token) headers['X-Csrftoken'] = token;
  let res: Response;
  try {
    res = await fetch(url, { headers });
  } catch {
    ui.message?.error({ content: '下载失败', duration: 5 });
    throw new ApiError(-1, '下载失败');
  }
  if ((res.headers.get('content-type') ?? '').includes('application/json')) {
    const env = (await res.json().catch(() => null)) as Partial<Envelope<unknown>> | null;
    const text = env?.msg || '下载失败';
    ui.message?.error({ content: text, duration: 5 });
    throw new ApiError(env?.code ?? res.status, text);
  }
  if (!res.ok) {
    ui.message?.error({ content: '下载失败', duration: 5 });
    throw new ApiError(res.status, '下载失败');
  }
  const blob = await res.blob();
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName(res.headers.get('content-disposition'), fallbackName);
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export const isForbidden = (err: unknown) => err instanceof ApiError && (err.code === ResultCode.forbidden || err.code === ResultCode.unauthorized);
