// Routes of the offline dev providers; registered only while such a provider is configured, and
// answering requests from this machine only (see providers/dev-exposure.ts).
import {
  AccountMessages,
  AccountPaths,
  DevSmsMessage,
  DevSmsOutboxQuery,
  DevWechatScanBody,
  ResultCode,
  envelopeSchema,
  ok,
} from '@labstat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { randomToken } from '../lib/crypto.js';
import { formatBeijing } from '../lib/time.js';
import { isLocalRequest } from '../providers/dev-exposure.js';
import type { Services } from '../services/container.js';

export const devRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  // Encapsulated in this plugin: applies to the /dev routes below and nothing else.
  app.addHook('onRequest', async (req) => {
    if (isLocalRequest(req.raw)) return;
    req.log.warn({ peer: req.raw.socket.remoteAddress, url: req.url }, 'refused a dev-provider request that did not come from this machine');
    throw new AppError(ResultCode.forbidden, AccountMessages.devLocalOnly);
  });

  if (services.smsProvider.isDev) {
    app.get(
      AccountPaths.devSmsOutbox,
      { schema: { querystring: DevSmsOutboxQuery, response: { 200: envelopeSchema(z.array(DevSmsMessage)) } } },
      async (req) => {
        const rows = await services.sms.outbox(req.query.account);
        return ok(
          rows.map((r) => ({ account: r.account, code: r.code, content: r.content, sent_at: formatBeijing(r.created_at) })),
          'success',
          rows.length,
        );
      },
    );
  }
  if (services.wechatProvider.isDev) {
    app.post(
      AccountPaths.devWechatScan,
      { schema: { body: DevWechatScanBody, response: { 200: envelopeSchema(z.object({ openid: z.string() })) } } },
      async (req) => {
        const openid = req.body.openid ?? `dev-openid-${randomToken(9)}`;
        await services.wechat.scan(req.body.logkey, openid);
        return ok({ openid }, '已模拟扫码');
      },
    );
  }
};
