import { FileMessages, UPLOAD_EXTENSIONS, UPLOAD_LIMIT_BYTES } from '@labstat/contracts';

/** Client-side checks of spec 01 §5 (the server checks again): size under 200 MB, xlsx/xls/csv. */
export function checkUpload(file: { name: string; size: number }): string | null {
  if (file.size > UPLOAD_LIMIT_BYTES) return FileMessages.tooLarge;
  const lower = file.name.toLowerCase();
  if (!UPLOAD_EXTENSIONS.some((ext) => lower.endsWith(ext))) return '只能上传 xlsx、xls、csv 格式的文件';
  return null;
}
