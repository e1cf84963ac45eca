// Resolves the X-Csrftoken header to a session for routes that need a logged-in user.
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Session, SessionService } from '../services/session-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

export const TOKEN_HEADER = 'x-csrftoken';

export function tokenOf(request: FastifyRequest): string | undefined {
  const v = request.headers[TOKEN_HEADER];
  return Array.isArray(v) ? v[0] : v;
}

export function requireAuth(sessions: SessionService): preHandlerAsyncHookHandler {
  return async function (request: FastifyRequest, _reply: FastifyReply) {
    request.session = await sessions.authenticate(tokenOf(request));
  };
}

/** The session set by requireAuth; calling it on a public route is a programming error. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new Error('route is missing the requireAuth preHandler');
  return request.session;
}

/** Public routes that show more to a logged-in user: a valid token sets the session, anything else means a visitor. */
export function optionalAuth(sessions: SessionService): preHandlerAsyncHookHandler {
  return async function (request: FastifyRequest, _reply: FastifyReply) {
    const token = tokenOf(request);
    request.session = token ? await sessions.authenticate(token).catch(() => null) : null;
  };
}

/** The login token from the Custom-Token cookie, for pages a frame opens (frames send no headers). */
export function cookieToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === 'Custom-Token') return decodeURIComponent(v.join('='));
  }
  return undefined;
}
