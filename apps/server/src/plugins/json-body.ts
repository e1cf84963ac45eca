// JSON request bodies: Fastify's own parser (prototype-poisoning checks included), after a bound on
// nesting. No request of the spec nests deeper than a few levels; a body nested thousands deep
// parses, but then overflows the stack of whatever walks it (validation, cloning to a worker,
// storage), which must never be a 500.
import { ResultCode } from '@labstat/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.js';

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 64;

/** The deepest nesting of `[` and `{` in JSON text, counting only outside strings; stops past `limit`. */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return max;
}

export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(new AppError(ResultCode.badRequest, `请求数据嵌套层数过多（最多 ${MAX_JSON_DEPTH} 层）`, 400), undefined);
      return;
    }
    parse(request, text, done);
  });
}
