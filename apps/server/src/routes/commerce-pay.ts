// Products, VIP centre, payment and orders (spec 02 §7; issue 18), the WeChat Pay notification, and
// while the sandbox provider is on its QR page and the dev route that completes an order.
import {
  CommerceMessages,
  CommercePaths,
  DevPaySimulateBody,
  OrderItem,
  PageQuery,
  PayBody,
  PayData,
  PayStatusData,
  PayStatusQuery,
  Product,
  ProductInfo,
  QaData,
  ResultCode,
  VipCenterData,
  envelopeSchema,
  ok,
  yuan,
} from '@labstat/contracts';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { escapeHtml } from '../lib/html.js';
import { optionalAuth, requireAuth, sessionOf } from '../plugins/auth.js';
import { isLocalRequest } from '../providers/dev-exposure.js';
import { PayNotificationError } from '../providers/pay/pay-provider.js';
import type { Services } from '../services/container.js';
import { PayMessages } from '../services/commerce/payment-service.js';

/** A notification is a few KB; anything much larger is not one. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

export const commercePayRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const auth = requireAuth(services.sessions);
  const maybe = optionalAuth(services.sessions);
  const { products, payments } = services.pay;

  app.get(CommercePaths.productInfo, { schema: { response: { 200: envelopeSchema(ProductInfo) } } }, async () => ok(await products.info()));

  app.get(CommercePaths.productsList, { schema: { response: { 200: envelopeSchema(z.array(Product)) } } }, async () => {
    const list = await products.list();
    return ok(list, 'success', list.length);
  });

  app.get(CommercePaths.qa, { schema: { response: { 200: envelopeSchema(QaData) } } }, async () => ok(await products.qa()));

  app.get(CommercePaths.vipCenter, { preHandler: maybe, schema: { response: { 200: envelopeSchema(VipCenterData) } } }, async (req) =>
    ok(await products.vipCenter(req.session?.userId ?? null)),
  );

  app.post(CommercePaths.pay, { preHandler: auth, schema: { body: PayBody, response: { 200: envelopeSchema(PayData) } } }, async (req) =>
    ok(await payments.create(sessionOf(req).userId, req.body.goods, `${req.protocol}://${req.host}`, req.log)),
  );

  app.get(
    CommercePaths.payStatus,
    { preHandler: auth, schema: { querystring: PayStatusQuery, response: { 200: envelopeSchema(PayStatusData) } } },
    async (req) => {
      const status = await payments.status(sessionOf(req).userId, req.query.order_id, req.log);
      return ok({ status }, status === 'SUCCESS' ? CommerceMessages.paySuccess : 'success');
    },
  );

  app.get(CommercePaths.orders, { preHandler: auth, schema: { querystring: PageQuery, response: { 200: envelopeSchema(z.array(OrderItem)) } } }, async (req) => {
    const { items, count } = await payments.list(sessionOf(req).userId, req.query.page, req.query.limit);
    return ok(items, 'success', count);
  });

  // WeChat Pay's notification: the signature covers the exact bytes, so this scope keeps the body raw.
  // Its answers follow WeChat Pay (204 accepted; 4xx {code: FAIL} makes it retry), not our envelope.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scope.post(CommercePaths.wechatPayNotify, async (req, reply) => {
      const raw = typeof req.body === 'string' ? req.body : '';
      try {
        const outcome = await payments.notify(req.headers, raw, req.log);
        if (outcome.result === 'amount-mismatch' || outcome.result === 'unknown-order') {
          return reply.code(400).send({ code: 'FAIL', message: outcome.result === 'amount-mismatch' ? '金额与订单不符' : '订单不存在' });
        }
        return reply.code(204).send();
      } catch (err) {
        if (!(err instanceof PayNotificationError)) throw err;
        req.log.warn({ reason: err.message, peer: req.ip }, 'refused a payment notification');
        return reply.code(401).send({ code: 'FAIL', message: '签名验证失败' });
      }
    });
  });

  if (!payments.provider.isDev) return;

  // The page the sandbox QR encodes: what a phone that scanned it would see. No login (the phone has
  // none); the order id is random, and the page shows only the product and amount.
  app.get(CommercePaths.sandboxPayPage + '/:order', { schema: { params: z.object({ order: z.string().max(64) }) } }, async (req, reply) => {
    const order = await payments.sandboxOrder(req.params.order);
    const body = order
      ? `<p>订单号：${escapeHtml(order.order_id)}</p><p>商品：${escapeHtml(order.product)}</p><p>金额：￥${escapeHtml(yuan(order.amount_fen).toFixed(2))}</p>` +
        '<p>这里不会真的扣款。请回到电脑上的会员页面，点击二维码旁的“模拟支付”完成这笔订单。</p>'
      : `<p>${escapeHtml(CommerceMessages.orderUnknown)}</p>`;
    return reply
      .code(order ? 200 : 404)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
      .send(
        '<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
          '<title>模拟支付</title><style>body{font-family:sans-serif;max-width:32em;margin:2em auto;padding:0 1em;line-height:1.6}</style></head>' +
          `<body><h1>这是开发模式的模拟支付页面</h1>${body}</body></html>`,
      );
  });

  // 模拟支付, like 模拟扫码: only while the sandbox is on, only from this machine (providers/dev-exposure.ts).
  await app.register(async (scope) => {
    scope.addHook('onRequest', async (req) => {
      if (isLocalRequest(req.raw)) return;
      req.log.warn({ peer: req.raw.socket.remoteAddress, url: req.url }, 'refused a dev-provider request that did not come from this machine');
      throw new AppError(ResultCode.forbidden, PayMessages.devLocalOnly);
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      CommercePaths.devPaySimulate,
      { schema: { body: DevPaySimulateBody, response: { 200: envelopeSchema(PayStatusData) } } },
      async (req) => ok({ status: await payments.simulate(req.body.order, req.log) }, CommerceMessages.paySuccess),
    );
  });
};
