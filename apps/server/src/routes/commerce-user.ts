// Redeem codes, gifts, free plan, uploads and profile changes (spec 02 §7; issue 18).
import {
  AccountMessages,
  BindCheckData,
  BindCheckQuery,
  BindMobileBody,
  BindMobileSmsBody,
  CommerceMessages,
  CommercePaths,
  GiftCheckQuery,
  GiftItem,
  GiftTypeOption,
  GiftUseBody,
  IMAGE_MAX_BYTES,
  PageQuery,
  ProfileUpdateBody,
  QrCodeData,
  RedeemBody,
  RedeemQuery,
  RedemptionItem,
  ResultCode,
  ScreenshotBody,
  UploadClaimBody,
  UploadCredentials,
  UploadedData,
  envelopeSchema,
  ok,
} from '@labstat/contracts';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, sessionOf } from '../plugins/auth.js';
import type { Services } from '../services/container.js';
import { ObjectNotFound } from '../storage/object-store.js';
import { notFound } from '../errors.js';

const Empty = envelopeSchema(z.null());
const PutQuery = z.object({
  uid: z.string().max(20).default(''),
  exp: z.string().max(20).default(''),
  sig: z.string().max(100).default(''),
  key: z.string().max(200).default(''),
});
/** Uploaded files are shown as images, nothing else: no scripts, no plugins, a sandbox if opened alone. */
const IMAGE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

export const commerceUserRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const auth = requireAuth(services.sessions);
  const c = services.commerce;
  const userOf = (req: Parameters<typeof sessionOf>[0]) => sessionOf(req).userId;

  // ---- redeem codes ----
  app.post(CommercePaths.redeem, { preHandler: auth, schema: { body: RedeemBody, response: { 200: Empty } } }, async (req) => {
    await c.redeem.redeem(userOf(req), req.body.redeemCode, req.ip);
    return ok(null, CommerceMessages.redeemOk);
  });
  app.get(
    CommercePaths.redeemQuery,
    { preHandler: auth, schema: { querystring: RedeemQuery, response: { 200: envelopeSchema(z.array(RedemptionItem)) } } },
    async (req) => {
      const { list, count } = await c.redeem.list(userOf(req), req.query);
      return ok(list, 'success', count);
    },
  );

  // ---- gifts ----
  app.get(CommercePaths.giftList, { preHandler: auth, schema: { querystring: PageQuery, response: { 200: envelopeSchema(z.array(GiftItem)) } } }, async (req) => {
    const { list, count } = await c.gifts.list(userOf(req), req.query);
    return ok(list, 'success', count);
  });
  app.get(
    CommercePaths.giftCheck,
    { preHandler: auth, schema: { querystring: GiftCheckQuery, response: { 200: envelopeSchema(z.array(GiftTypeOption)) } } },
    async (req) => ok(await c.gifts.options(userOf(req), req.query.user_gift_id)),
  );
  app.post(CommercePaths.giftUse, { preHandler: auth, schema: { body: GiftUseBody, response: { 200: Empty } } }, async (req) => {
    await c.gifts.activate(userOf(req), req.body.user_gift_id, req.body.gift_type_id);
    return ok(null, CommerceMessages.giftOk);
  });

  // ---- uploads ----
  app.get(CommercePaths.uploadCredentials, { preHandler: auth, schema: { response: { 200: envelopeSchema(UploadCredentials) } } }, async (req) =>
    ok(await c.uploads.credentials(userOf(req))),
  );

  app.post(CommercePaths.uploadClaim, { preHandler: auth, schema: { body: UploadClaimBody, response: { 200: envelopeSchema(UploadedData) } } }, async (req) =>
    ok(await c.uploads.claim(userOf(req), req.body), CommerceMessages.uploadOk),
  );

  // The upload takes raw bytes up to 2 MB: its own body parser and limit, in a scope of its own so
  // no other route accepts such bodies.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: IMAGE_MAX_BYTES }, (_req, body, done) => done(null, body));
    scope.setErrorHandler((err: FastifyError, _req, reply) => {
      if (err.statusCode === 413) return reply.status(413).send({ code: ResultCode.payloadTooLarge, msg: CommerceMessages.uploadTooLarge, data: null });
      // Everything else goes to the app's handler.
      throw err;
    });
    scope.put(
      CommercePaths.localUpload,
      { bodyLimit: IMAGE_MAX_BYTES, schema: { querystring: PutQuery, response: { 200: envelopeSchema(UploadedData) } } },
      async (req) => {
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        return ok(await c.uploads.put(req.query, body), CommerceMessages.uploadOk);
      },
    );
  });

  app.get(`${CommercePaths.uploadedFile}/*`, async (req, reply) => {
    const key = (req.params as Record<string, string>)['*'] ?? '';
    try {
      const file = await c.uploads.open(key);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Length', String(file.size))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', IMAGE_CSP)
        .header('Content-Disposition', 'inline')
        // Keys are never reused (an upload cannot replace another), so a file never changes.
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(file.stream);
    } catch (err) {
      if (err instanceof ObjectNotFound) throw notFound('文件不存在');
      throw err;
    }
  });

  app.post(CommercePaths.screenshot, { preHandler: auth, schema: { body: ScreenshotBody, response: { 200: envelopeSchema(UploadedData) } } }, async (req) =>
    ok(await c.freePlan.submit(userOf(req), req.body.file_path), CommerceMessages.screenshotPending),
  );

  // ---- profile, phone, WeChat ----
  app.post(CommercePaths.profileUpdate, { preHandler: auth, schema: { body: ProfileUpdateBody, response: { 200: Empty } } }, async (req) => {
    await c.profile.update(userOf(req), req.body);
    return ok(null, CommerceMessages.profileUpdated);
  });
  app.post(CommercePaths.bindMobileSms, { preHandler: auth, schema: { body: BindMobileSmsBody, response: { 200: Empty } } }, async (req) => {
    await c.profile.sendMobileCode(userOf(req), req.body.account, req.ip);
    return ok(null, AccountMessages.smsSent);
  });
  app.post(CommercePaths.bindMobile, { preHandler: auth, schema: { body: BindMobileBody, response: { 200: Empty } } }, async (req) => {
    await c.profile.changeMobile(userOf(req), req.body.mobile, req.body.smscode);
    return ok(null, CommerceMessages.mobileChanged);
  });
  app.get(CommercePaths.bindQr, { preHandler: auth, schema: { response: { 200: envelopeSchema(QrCodeData) } } }, async (req) =>
    ok(await c.profile.bindQr(userOf(req))),
  );
  app.get(CommercePaths.bindCheck, { preHandler: auth, schema: { querystring: BindCheckQuery, response: { 200: envelopeSchema(BindCheckData) } } }, async (req) => {
    const r = await c.profile.pollBind(userOf(req), req.query.logkey);
    return ok(r, r.status === 'SUCCESS' ? CommerceMessages.bindOk : 'success');
  });
};
