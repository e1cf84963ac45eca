// Redeem codes, gifts, the free plan, image uploads and profile changes (issue 18, server half B).
import type { CommerceDeps } from './deps.js';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface UserCommerce {}

export function createUserCommerce(_deps: CommerceDeps): UserCommerce {
  return {};
}
