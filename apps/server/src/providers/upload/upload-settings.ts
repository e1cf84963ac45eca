// Image upload settings from the environment (issue 18): where avatars and free-plan screenshots go.
export interface UploadSettings {
  /** `local`: signed, short-lived PUT URLs to this server, stored in the object store. */
  provider: 'local';
  /**
   * UPLOAD_SECRET: the key upload URLs are signed with. Unset: a random key kept in
   * DATA_DIR/upload-secret (created on first use), which instances sharing DATA_DIR share; instances
   * with separate data folders must all be given the same UPLOAD_SECRET.
   */
  secret: string | null;
  /** How long a signed upload URL stays valid (UPLOAD_URL_MINUTES). */
  urlMinutes: number;
}

export function uploadSettings(env: NodeJS.ProcessEnv): UploadSettings {
  const provider = env.UPLOAD_PROVIDER || 'local';
  if (provider !== 'local') throw new Error(`Environment variable UPLOAD_PROVIDER must be local, got "${provider}"`);
  const secret = env.UPLOAD_SECRET || null;
  if (secret !== null && secret.length < 32) throw new Error('UPLOAD_SECRET must be at least 32 characters (e.g. openssl rand -hex 32)');
  const minutes = Number(env.UPLOAD_URL_MINUTES || 10);
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > 24 * 60) {
    throw new Error(`Environment variable UPLOAD_URL_MINUTES must be a whole number of minutes (1–1440), got "${env.UPLOAD_URL_MINUTES}"`);
  }
  return { provider, secret, urlMinutes: minutes };
}
