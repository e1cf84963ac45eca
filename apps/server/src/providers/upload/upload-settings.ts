// Image upload settings from the environment (issue 18): where avatars and free-plan screenshots go.
import type { S3Endpoint } from '../../storage/s3-client.js';

/**
 * The upload bucket. COS: endpoint https://cos.<region>.myqcloud.com unless UPLOAD_S3_ENDPOINT says
 * otherwise; AWS: none. Path-style URLs for MinIO and test servers, virtual-hosted (AWS, COS) by default.
 */
export interface UploadBucket extends S3Endpoint {
  bucket: string;
}

export interface UploadSettings {
  /**
   * `local`: signed, short-lived PUT URLs to this server, stored in the object store.
   * `s3` / `cos`: the browser PUTs to a presigned URL of a bucket (AWS S3 or any S3-compatible store;
   * Tencent COS through its S3-compatible API), then asks this server to take the file over: the server
   * checks it (2 MB, an image by its bytes) and keeps it in the object store like a local upload.
   */
  provider: 'local' | 's3' | 'cos';
  /**
   * UPLOAD_SECRET: the key upload URLs (local) and upload claims (s3/cos) are signed with. Unset: a
   * random key kept in DATA_DIR/upload-secret (created on first use), which instances sharing DATA_DIR
   * share; instances with separate data folders must all be given the same UPLOAD_SECRET.
   */
  secret: string | null;
  /** How long a signed upload URL stays valid (UPLOAD_URL_MINUTES). */
  urlMinutes: number;
  /** The bucket of the s3/cos provider (UPLOAD_S3_*); null for local. */
  bucket: UploadBucket | null;
}

const PROVIDERS = ['local', 's3', 'cos'] as const;

export function uploadSettings(env: NodeJS.ProcessEnv): UploadSettings {
  const provider = env.UPLOAD_PROVIDER || 'local';
  if (!(PROVIDERS as readonly string[]).includes(provider)) {
    throw new Error(`Environment variable UPLOAD_PROVIDER must be local, s3 or cos, got "${provider}"`);
  }
  const secret = env.UPLOAD_SECRET || null;
  if (secret !== null && secret.length < 32) throw new Error('UPLOAD_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)');
  const minutes = Number(env.UPLOAD_URL_MINUTES || 10);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 24 * 60) {
    throw new Error(`Environment variable UPLOAD_URL_MINUTES must be a whole number of minutes (1–1440), got "${env.UPLOAD_URL_MINUTES}"`);
  }
  return { provider: provider as UploadSettings['provider'], secret, urlMinutes: minutes, bucket: provider === 'local' ? null : bucketSettings(provider as 's3' | 'cos', env) };
}

function bucketSettings(provider: 's3' | 'cos', env: NodeJS.ProcessEnv): UploadBucket {
  const need = (name: string): string => {
    const v = env[name];
    if (!v) throw new Error(`UPLOAD_PROVIDER is ${provider}, so ${name} must be set too`);
    return v;
  };
  const region = provider === 'cos' ? need('UPLOAD_S3_REGION') : env.UPLOAD_S3_REGION || 'us-east-1';
  const endpoint = env.UPLOAD_S3_ENDPOINT || (provider === 'cos' ? `https://cos.${region}.myqcloud.com` : null);
  if (endpoint !== null) {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new Error(`UPLOAD_S3_ENDPOINT must be a URL, got "${endpoint}"`);
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`UPLOAD_S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  }
  return {
    endpoint,
    region,
    bucket: need('UPLOAD_S3_BUCKET'),
    accessKeyId: need('UPLOAD_S3_ACCESS_KEY_ID'),
    secretAccessKey: need('UPLOAD_S3_SECRET_ACCESS_KEY'),
    forcePathStyle: env.UPLOAD_S3_FORCE_PATH_STYLE === 'true',
  };
}
