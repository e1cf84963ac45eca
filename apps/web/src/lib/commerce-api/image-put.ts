// PUT of the image bytes to the signed uploadUrl of GET /qcloud/secretkey, under the object key.
import { ResultCode, type Envelope, type UploadCredentials } from '@labstat/contracts';
import { session } from '../session-store';

export class UploadFailed extends Error {}

/** Resolves with the stored file path (the server's, or the key when the store answers no body). */
export async function putImage(cred: Pick<UploadCredentials, 'uploadUrl'>, key: string, file: Blob, signal?: AbortSignal): Promise<string> {
  const url = new URL(cred.uploadUrl, window.location.origin);
  url.searchParams.set('key', key);
  const headers: Record<string, string> = { 'Content-Type': file.type || 'application/octet-stream' };
  // Only our own server gets the login token; a cloud bucket gets the signed URL alone.
  const token = session.get().token;
  if (token && url.origin === window.location.origin) headers['X-Csrftoken'] = token;
  let res: Response;
  try {
    res = await fetch(url, { method: 'PUT', headers, body: file, ...(signal ? { signal } : {}) });
  } catch {
    throw new UploadFailed();
  }
  const text = await res.text().catch(() => '');
  let env: Partial<Envelope<{ file_path?: string } | null>> | null = null;
  try {
    env = text ? (JSON.parse(text) as Partial<Envelope<{ file_path?: string } | null>>) : null;
  } catch {
    env = null;
  }
  if (env && typeof env.code === 'number' && env.code !== ResultCode.ok) throw new UploadFailed(env.msg || '');
  if (!res.ok) throw new UploadFailed();
  return env?.data?.file_path || key;
}
