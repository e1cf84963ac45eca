// The one API client (spec 01 §7, §8): envelope {code,msg,data,count}, 300000 ms timeout,
// X-Csrftoken header, 5-second error messages and the re-login confirm for 50008/50012/50014.
import { RELOGIN_CODES, ResultCode, type Envelope } from '@labstat/contracts';
import { session } from './session-store';
import { ui } from './ui-bridge';

export const REQUEST_TIMEOUT_MS = 300_000;
const BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE' | 'PUT';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** Do not show the error message (the caller handles it). */
  silent?: boolean;
  signal?: AbortSignal;
}

let reloginOpen = false;

function currentPath(): string {
  return window.location.hash.replace(/^#/, '') || '/';
}

function askRelogin(): void {
  if (reloginOpen || !ui.modal) return;
  reloginOpen = true;
  ui.modal.confirm({
    title: '确认登录',
    content: '您的身份信息已失效，请重新登录',
    okText: '跳转登录',
    cancelText: '取消',
    onOk() {
      reloginOpen = false;
      session.reset();
      window.location.hash = `#/login?redirect=${encodeURIComponent(currentPath())}`;
    },
    onCancel() {
      reloginOpen = false;
    },
  });
}

function showError(text: string): void {
  ui.message?.error({ content: text, duration: 5 });
}

/** Calls the API and resolves with the whole envelope when code is 200; rejects otherwise. */
export async function requestEnvelope<T>(path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const url = new URL(BASE + path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {})) {
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = session.get().token;
  if (token) headers['X-Csrftoken'] = token;
  if (opts.body !== undefined) headers['Content-Type'] = 'application/json';

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout.signal]) : timeout.signal;
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal,
    });
  } catch (err) {
    clearTimeout(timer);
    const text = timeout.signal.aborted ? '请求超时，请稍后重试' : err instanceof Error ? err.message : String(err);
    if (!opts.signal?.aborted && !opts.silent) showError(text);
    throw new ApiError(-1, text);
  }
  clearTimeout(timer);

  let env: Envelope<T>;
  try {
    env = (await res.json()) as Envelope<T>;
  } catch {
    const text = `服务器响应异常（HTTP ${res.status}）`;
    if (!opts.silent) showError(text);
    throw new ApiError(res.status, text);
  }
  if (env.code !== ResultCode.ok) {
    const text = env.msg || '错误';
    if (!opts.silent) showError(text);
    if (RELOGIN_CODES.includes(env.code)) askRelogin();
    throw new ApiError(env.code, text);
  }
  return env;
}

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<T>(path, opts)).data;
}
