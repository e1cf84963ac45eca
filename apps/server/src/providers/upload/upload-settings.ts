// Image upload settings from the environment (issue 18): where avatars and free-plan screenshots go.
export interface UploadSettings {
  /** `local`: signed, short-lived PUT URLs to this server, stored in the object store. */
  provider: 'local';
}

export function uploadSettings(_env: NodeJS.ProcessEnv): UploadSettings {
  return { provider: 'local' };
}
