// The one API client (spec 01 §7, §8): envelope {code,msg,data,count}, 300000 ms timeout,
// X-Csrftoken header, 5-second error messages and the re-login confirm for 50008/50012/50014.
import { RELOGIN_CODES, ResultCode, TaskCenterMessages, type Envelope } from '@labstat/contracts';
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

/**
 * The re-login confirm is only useful when nothing else is taking the user to the login page:
 * not on /login itself, and not when the session was already reset — the route guard resets it
 * and opens /login when the profile call fails.
 */
export function reloginNeeded(path: string, hasToken: boolean): boolean {
  return hasToken && path !== '/login' && !path.startsWith('/login?');
}

function askRelogin(): void {
  if (reloginOpen || !ui.modal) return;
  reloginOpen = true;
  // Decide after the failing call's callers have reacted (the guard's redirect runs in the same
  // turn, as promise callbacks), so a login page it opens is never covered by the box.
  setTimeout(() => {
    if (!ui.modal || !reloginNeeded(currentPath(), !!session.get().token)) {
      reloginOpen = false;
      return;
    }
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
  }, 0);
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
    return failBadResponse(res.status, opts);
  }
  return acceptEnvelope(env, opts);
}

function failBadResponse(status: number, opts: { silent?: boolean }): never {
  const text = `服务器响应异常（HTTP ${status}）`;
  if (!opts.silent) showError(text);
  throw new ApiError(status, text);
}

/** Applies the error catalogue to an envelope: code 200 passes, anything else is shown and thrown. */
export function acceptEnvelope<T>(env: Envelope<T>, opts: { silent?: boolean } = {}): Envelope<T> {
  if (env.code !== ResultCode.ok) {
    const text = env.msg || '错误';
    if (!opts.silent) showError(text);
    if (RELOGIN_CODES.includes(env.code)) askRelogin();
    throw new ApiError(env.code, text);
  }
  return env;
}

/**
 * Posts a multipart form with upload progress (fetch cannot report it), under the same envelope
 * rules and timeout as every other call.
 */
export function uploadForm<T>(path: string, form: FormData, onProgress?: (percent: number) => void): Promise<Envelope<T>> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', BASE + path);
    xhr.timeout = REQUEST_TIMEOUT_MS;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = session.get().token;
    if (token) xhr.setRequestHeader('X-Csrftoken', token);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.(Math.min(99, Math.round((e.loaded / e.total) * 100)));
    };
    const fail = (text: string) => {
      showError(text);
      reject(new ApiError(-1, text));
    };
    xhr.onerror = () => fail('网络错误，上传失败');
    xhr.ontimeout = () => fail('请求超时，请稍后重试');
    xhr.onload = () => {
      let env: Envelope<T>;
      try {
        env = JSON.parse(xhr.responseText) as Envelope<T>;
      } catch {
        try {
          failBadResponse(xhr.status, {});
        } catch (err) {
          reject(err);
        }
        return;
      }
      try {
        resolve(acceptEnvelope(env));
      } catch (err) {
        reject(err);
      }
    };
    xhr.send(form);
  });
}

/** Shows 下载失败 for 5 seconds (spec 01 §8) and gives the error to throw. */
export function downloadFailed(): ApiError {
  ui.message?.error({ content: TaskCenterMessages.downloadFailed, duration: 5 });
  return new ApiError(-1, TaskCenterMessages.downloadFailed);
}

/**
 * Fetches a file as a blob (with the token header) and saves it under the name at the end of the
 * URL; any failure shows 下载失败 (spec 01 §4, §8).
 */
export async function downloadUrl(path: string): Promise<void> {
  try {
    const headers: Record<string, string> = {};
    const token = session.get().token;
    if (token) headers['X-Csrftoken'] = token;
    const res = await fetch(BASE + path, { headers });
    if (!res.ok) throw new Error(String(res.status));
    const blob = await res.blob();
    // An error envelope in place of the file (a JSON file itself is fine).
    if (blob.type.includes('application/json')) {
      const body = JSON.parse(await blob.text()) as Partial<Envelope<unknown>>;
      if (typeof body.code === 'number' && typeof body.msg === 'string' && body.code !== ResultCode.ok) throw new Error(body.msg);
    }
    const name = decodeURIComponent(path.split('?')[0]!.split('/').pop() ?? 'download');
    const href = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = href;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 10_000);
  } catch {
    throw downloadFailed();
  }
}

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<T>(path, opts)).data;
}
