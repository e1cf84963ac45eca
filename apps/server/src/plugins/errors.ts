// One error handler: every failure leaves as the {code,msg,data} envelope with a Chinese message;
// 5xx details are logged, never sent. That includes what fails before a route runs: a URL that does
// not decode (frameworkErrors) and a request Node's parser refuses (clientErrorHandler).
import http from 'node:http';
import type { Socket } from 'node:net';
import { ResultCode } from '@labstat/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';
import { BARE_SECURITY_HEADERS } from './security-headers.js';

const CJK = /[\u4e00-\u9fff]/;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.status).send({ code: err.code, msg: err.message, data: null });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const field = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
      const text = issue?.message && CJK.test(issue.message) ? issue.message : `参数${field ? ` ${field} ` : ''}格式不正确`;
      return reply.status(400).send({ code: ResultCode.badRequest, msg: text, data: null });
    }
    const status = err.statusCode ?? 500;
    if (status === 413) {
      return reply.status(413).send({ code: ResultCode.payloadTooLarge, msg: '请求内容过大', data: null });
    }
    if (isMalformedMultipart(err)) {
      return reply.status(400).send({ code: ResultCode.badRequest, msg: '上传的内容不完整或格式不正确，请重新上传', data: null });
    }
    if (status === 415) {
      return reply.status(415).send({ code: ResultCode.badRequest, msg: '不支持的请求内容类型', data: null });
    }
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: ResultCode.badRequest, msg: '请求格式不正确', data: null });
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: ResultCode.serverError, msg: '服务器内部错误，请稍后再试', data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ code: ResultCode.notFound, msg: `接口不存在：${request.method} ${request.url.split('?')[0]}`, data: null });
  });
}

/**
 * The multipart parser (busboy) throws plain errors, without a status, for bodies it cannot read:
 * a missing or wrong boundary, a body that ends early. Those are the client's bytes, not our fault;
 * they are recognised by where they were made (busboy's own files).
 */
function isMalformedMultipart(err: Error): boolean {
  const origin = err.stack?.split('\n').find((line) => line.trimStart().startsWith('at '));
  return origin !== undefined && /[\\/]@fastify[\\/]busboy[\\/]/.test(origin);
}

/** Errors Fastify meets before routing: a URL that does not decode, a path parameter over its limit. */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  // No route matched yet, so no hook runs: the hardening headers go on here.
  reply.headers(BARE_SECURITY_HEADERS);
  if (err.code === 'FST_ERR_BAD_URL') {
    reply.status(400).send({ code: ResultCode.badRequest, msg: '请求地址格式不正确，请检查链接是否完整', data: null });
  } else if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(414).send({ code: ResultCode.badRequest, msg: '请求地址过长', data: null });
  } else {
    reply.log.error({ err }, 'framework error');
    reply.status(500).send({ code: ResultCode.serverError, msg: '服务器内部错误，请稍后再试', data: null });
  }
}

/**
 * Requests Node's HTTP parser refuses (headers over its 16 KB limit, malformed request lines,
 * timeouts) never reach Fastify; the answer is written to the socket, still as the envelope.
 */
export function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, msg] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, '请求头过大，请清除本站 Cookie 后重试']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, '请求超时，请重试']
        : [400, '请求格式不正确'];
  this.log.debug({ err }, 'client error');
  if (socket.writable) {
    const body = JSON.stringify({ code: ResultCode.badRequest, msg, data: null });
    const headers = { ...BARE_SECURITY_HEADERS, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' };
    socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}`).join('\r\n')}\r\n\r\n${body}`);
  }
  socket.destroy(err);
}
