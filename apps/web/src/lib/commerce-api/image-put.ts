// PUT of the image bytes to the signed uploadUrl of GET /qcloud/secretkey. The local provider takes
// them under the key we choose and answers the file path; a bucket (s3/cos) takes them under the key of
// the credentials, then the server is asked to take the upload over (it checks it and keeps it).
import { CommercePaths, ResultCode, type Envelope, type UploadCredentials } from '@labstat/contracts';
import { ApiError, request } from '../api-client';
import { session } from '../session-store';

export class UploadFailed extends Error {}

type PutCredentials = Pick<UploadCredentials, 'uploadUrl'> & Partial<Pick<UploadCredentials, 'provider' | 'key' | 'expiredTime' | 'credentials'>>;

/** Resolves with the stored file path (the server's, or the key when the store answers no body). */
export async function putImage(cred: PutCredentials, key: string, file: Blob, signal?: AbortSignal): Promise<string> {
  const bucketKey = cred.provider && cred.provider !== 'local' ? cred.key : undefined;
  const url = new URL(cred.uploadUrl, window.location.origin);
  if (bucketKey === undefined) url.searchParams.set('key', key);
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
  if (bucketKey !== undefined) return claimUpload(bucketKey, cred.expiredTime ?? 0, cred.credentials?.sessionToken ?? '');
  return env?.data?.file_path || key;
}

/** s3/cos: the server reads the bucket's copy, checks it and keeps it; answers its file path. */
async function claimUpload(key: string, exp: number, sig: string): Promise<string> {
  try {
    const data = await request<{ file_path: string }>(CommercePaths.uploadClaim, { method: 'POST', body: { key, exp, sig }, silent: true });
    return data.file_path;
  } catch (err) {
    throw new UploadFailed(err instanceof ApiError ? err.message : '');
  }
}
