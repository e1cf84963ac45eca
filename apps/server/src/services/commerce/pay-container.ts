// Products, the VIP centre, payment and orders (issue 18, server half A).
import type { CommerceDeps } from './deps.js';

// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PayCommerce {}

export function createPayCommerce(_deps: CommerceDeps): PayCommerce {
  return {};
}
