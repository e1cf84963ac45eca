// The image upload of the avatar and the free-plan screenshot (spec 02 §5, §7): refuse files over
// 2 MB before sending, get credentials, PUT the bytes under `${prefix}${uuid}.${ext}`.
import { CommerceMessages, IMAGE_MAX_BYTES } from '@labstat/contracts';
import { fetchUploadCredentials } from './upload-credentials';
import { putImage, UploadFailed } from './image-put';

const IMAGE_EXT: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp' };

/** The spec's message for a file the server would refuse anyway, or null when it may be sent. */
export function imageProblem(file: { size: number; type: string }): string | null {
  if (file.size > IMAGE_MAX_BYTES) return CommerceMessages.uploadTooLarge;
  if (file.type && !IMAGE_EXT[file.type]) return CommerceMessages.uploadNotImage;
  return null;
}

export function extensionOf(file: { name: string; type: string }): string {
  const byType = IMAGE_EXT[file.type];
  if (byType) return byType;
  const m = /\.([A-Za-z0-9]{1,5})$/.exec(file.name);
  return m ? m[1]!.toLowerCase() : 'png';
}

/** RFC 4122 v4 from getRandomValues (randomUUID needs a secure context, plain-http sites lack it). */
export function uuid4(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Uploads an image and resolves with its file path; rejects with a Chinese message to show. */
export async function uploadImage(file: File): Promise<string> {
  const problem = imageProblem(file);
  if (problem) throw new Error(problem);
  try {
    const cred = await fetchUploadCredentials();
    return await putImage(cred, `${cred.prefix}${uuid4()}.${extensionOf(file)}`, file);
  } catch (err) {
    const detail = err instanceof UploadFailed && err.message ? err.message : '';
    throw new Error(detail || CommerceMessages.uploadFailed);
  }
}
