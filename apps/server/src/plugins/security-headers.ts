// Browser hardening headers on every response, unless a route chose its own (the report page sets a
// stricter CSP, downloads and static files their own caching): no MIME sniffing, framing only by
// our own pages (the app frames the report page, manuals and the user agreement), a CSP, and no
// caching of anything a route did not mark cacheable (API answers carry private data).
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The web app (apps/web/dist): Vite's module scripts from our origin only; antd writes its CSS-in-JS
 * into <style> elements and ECharts/antd set style attributes, so inline styles are allowed;
 * avatars and the customer-service image may be on other https hosts; data:/blob: for generated QR
 * codes and chart exports; frames for our own report page, manuals and agreements.
 */
export const APP_CSP = appCsp([]);

/** The app's CSP; `connectOrigins`: where else the page may send requests (an upload bucket). */
export function appCsp(connectOrigins: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    ["connect-src 'self'", ...connectOrigins].join(' '),
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** Anything else (JSON, SVG icons, files): nothing may run, even when opened on its own. */
export const RESOURCE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'";

/** Headers go into Fastify's map or, from @fastify/static's setHeaders, straight onto the response. */
const has = (reply: FastifyReply, name: string) => reply.hasHeader(name) || reply.raw.hasHeader(name);

function contentType(reply: FastifyReply): string {
  const v = reply.getHeader('content-type') ?? reply.raw.getHeader('content-type');
  return String(v ?? '');
}

/** The same headers for a response written without Fastify (early client errors). */
export const BARE_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'SAMEORIGIN',
  'Content-Security-Policy': RESOURCE_CSP,
  'Cache-Control': 'no-store',
};

/**
 * Whether the response is (or, for a 304, revalidates) an HTML page. A 304 has no body and no
 * content type, but browsers merge its headers into the cached page: a resource CSP on the 304 of
 * `/` would block every script of the app on the next reload.
 */
function isPage(path: string, reply: FastifyReply): boolean {
  if (reply.statusCode === 304) return path === '/' || path.endsWith('/') || path.endsWith('.html');
  return contentType(reply).startsWith('text/html');
}

export function registerSecurityHeaders(app: FastifyInstance, connectOrigins: readonly string[] = []): void {
  const pageCsp = appCsp(connectOrigins);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!has(reply, 'x-content-type-options')) reply.header('X-Content-Type-Options', 'nosniff');
    if (!has(reply, 'x-frame-options')) reply.header('X-Frame-Options', 'SAMEORIGIN');
    if (!has(reply, 'content-security-policy')) reply.header('Content-Security-Policy', isPage(request.url.split('?')[0]!, reply) ? pageCsp : RESOURCE_CSP);
    if (!has(reply, 'cache-control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
