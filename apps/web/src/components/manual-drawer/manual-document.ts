/** A manual as a page of its own: the server sends escaped HTML, shown where no script may run. */
export function manualDocument(html: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>body{font-family:sans-serif;line-height:1.7;color:#303133;padding:8px 16px;margin:0}table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:4px 8px}img{max-width:100%}</style></head><body>${html}</body></html>`;
}
