// One error handler: every failure leaves as the {code,msg,data} envelope with a Chinese message;
// 5xx details are logged, never sent.
import { ResultCode } from '@labstat/contracts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors.js';

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
