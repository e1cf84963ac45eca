// Where an uploaded image (avatar, screenshot) can be shown from: full URLs and absolute paths as
// they are, bare object keys (clutter/…) from the local provider's file route.
import { CommercePaths } from '@labstat/contracts';

export function imageSrc(path: string | null | undefined): string | undefined {
  const p = (path ?? '').trim();
  if (!p) return undefined;
  if (/^(https?:|data:|blob:)/i.test(p) || p.startsWith('/')) return p;
  return `${CommercePaths.uploadedFile}/${p}`;
}
