// The operator console's API (issue 24): every route under /ops, behind one guard — a visitor gets
// 401 (code 50008), a logged-in user without the operator role 403 — and each handler one call to
// the ops services, which write the audit log. Responses are declared by schema, so nothing beyond
// the contract's metadata leaves (no data file contents, no report bodies).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { randomBytes } from 'node:crypto';
import multipart from '@fastify/multipart';
import {
  CarouselPaths,
  CarouselSlide,
  CarouselSlideSave,
  DashboardData,
  DashboardQuery,
  OPS_PREFIX,
  OpsAgreement,
  OpsAgreementSave,
  OpsAnnouncement,
  OpsAnnouncementSave,
  OpsAuditEntry,
  OpsAuditQuery,
  OpsBatch,
  OpsBatchCreate,
  OpsBatchCreated,
  OpsBatchExportQuery,
  OpsBatchVoid,
  OpsBatchVoided,
  OpsCodeVoid,
  OpsContentPage,
  OpsContentPageSave,
  OpsFeedbackCompleteBody,
  OpsFeedbackItem,
  OpsFeedbackListQuery,
  OpsFeedbackLookQuery,
  OpsFeedbackReplyBody,
  OpsFeedbackThread,
  OpsFreePlanItem,
  OpsFreePlanQuery,
  OpsFreePlanReview,
  OpsFreePlanReviewed,
  OpsGiftGrant,
  OpsGiftGranted,
  OpsGiftType,
  OpsIdBody,
  OpsMe,
  OpsMembershipChange,
  OpsMessages,
  OpsNews,
  OpsNewsSave,
  OpsNotice,
  OpsNoticeSave,
  OpsOrder,
  OpsOrderClose,
  OpsOrdersQuery,
  OpsPageQuery,
  OpsPaths,
  OpsProduct,
  OpsProductSave,
  OpsTool,
  OpsToolUpdate,
  OpsToolVideoClear,
  OpsToolsQuery,
  OpsUser,
  OpsUserLock,
  OpsUsersQuery,
  envelopeSchema,
  ok,
} from '@labstat/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, badRequest } from '../errors.js';
import { tokenOf } from '../plugins/auth.js';
import type { Services } from '../services/container.js';
import { VIDEO_MAX_BYTES } from '../services/video-service.js';

declare module 'fastify' {
  interface FastifyRequest {
    operator: OpsMe | null;
  }
}

const idData = envelopeSchema(z.object({ id: z.number().int() }));
const nothing = envelopeSchema(z.null());
const listOf = <T extends z.ZodType>(t: T) => envelopeSchema(z.array(t));

/** The operator the guard found; only reachable behind it. */
function operatorOf(req: FastifyRequest): OpsMe {
  if (!req.operator) throw new Error('ops route outside the operator guard');
  return req.operator;
}

/** Every route the ops plugin declared ("METHOD /path"): the test holds it against OPS_ROUTES. */
export const registeredOpsRoutes = new Set<string>();

function sendCsv(reply: FastifyReply, filename: string, csv: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${filename}"`)
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .send(csv);
}

export const opsRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const ops = services.ops;
  app.decorateRequest('operator', null);
  await app.register(multipart, { limits: { fileSize: VIDEO_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 } });

  // The one guard: every route this plugin declares is an operator route and passes here first.
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(`${OPS_PREFIX}/`)) throw new Error(`ops plugin route outside ${OPS_PREFIX}: ${route.url}`);
    for (const m of [route.method].flat()) registeredOpsRoutes.add(`${m} ${route.url}`);
  });
  // onRequest, before the body is read or validated: a stranger learns nothing about the inputs.
  app.addHook('onRequest', async (req) => {
    req.session = await services.sessions.authenticate(tokenOf(req));
    req.operator = await ops.guard.require(req.session.userId);
  });

  app.get(OpsPaths.me, { schema: { response: { 200: envelopeSchema(OpsMe) } } }, async (req) => ok(operatorOf(req)));

  app.get(OpsPaths.dashboard, { schema: { querystring: DashboardQuery, response: { 200: envelopeSchema(DashboardData) } } }, async (req) =>
    ok(await ops.dashboard.data(req.query.days)),
  );

  // ---- feedback ----
  app.get(OpsPaths.feedbackList, { schema: { querystring: OpsFeedbackListQuery, response: { 200: listOf(OpsFeedbackItem) } } }, async (req) => {
    const { list, count } = await ops.content.feedbackList(req.query);
    return ok(list, 'success', count);
  });
  app.get(OpsPaths.feedbackLook, { schema: { querystring: OpsFeedbackLookQuery, response: { 200: envelopeSchema(OpsFeedbackThread) } } }, async (req) =>
    ok(await ops.content.feedbackLook(req.query.feedbackid)),
  );
  app.post(OpsPaths.feedbackReply, { schema: { body: OpsFeedbackReplyBody, response: { 200: nothing } } }, async (req) => {
    await ops.content.feedbackReply(operatorOf(req), req.body);
    return ok(null, '回复成功');
  });
  app.post(OpsPaths.feedbackComplete, { schema: { body: OpsFeedbackCompleteBody, response: { 200: nothing } } }, async (req) => {
    await ops.content.feedbackComplete(operatorOf(req), req.body.feedbackid);
    return ok(null, OpsMessages.done);
  });

  // ---- content ----
  app.get(OpsPaths.announcements, { schema: { response: { 200: listOf(OpsAnnouncement) } } }, async () => ok(await ops.content.announcements()));
  app.post(OpsPaths.announcementSave, { schema: { body: OpsAnnouncementSave, response: { 200: idData } } }, async (req) =>
    ok({ id: await ops.content.announcementSave(operatorOf(req), req.body) }, OpsMessages.saved),
  );
  app.post(OpsPaths.announcementDelete, { schema: { body: OpsIdBody, response: { 200: nothing } } }, async (req) => {
    await ops.content.announcementDelete(operatorOf(req), req.body.id);
    return ok(null, OpsMessages.deleted);
  });
  app.get(OpsPaths.notices, { schema: { response: { 200: listOf(OpsNotice) } } }, async () => ok(await ops.content.notices()));
  app.post(OpsPaths.noticeSave, { schema: { body: OpsNoticeSave, response: { 200: idData } } }, async (req) =>
    ok({ id: await ops.content.noticeSave(operatorOf(req), req.body) }, OpsMessages.saved),
  );
  app.post(OpsPaths.noticeDelete, { schema: { body: OpsIdBody, response: { 200: nothing } } }, async (req) => {
    await ops.content.noticeDelete(operatorOf(req), req.body.id);
    return ok(null, OpsMessages.deleted);
  });
  app.get(OpsPaths.news, { schema: { response: { 200: listOf(OpsNews) } } }, async () => ok(await ops.content.news()));
  app.post(OpsPaths.newsSave, { schema: { body: OpsNewsSave, response: { 200: idData } } }, async (req) =>
    ok({ id: await ops.content.newsSave(operatorOf(req), req.body) }, OpsMessages.saved),
  );
  app.post(OpsPaths.newsDelete, { schema: { body: OpsIdBody, response: { 200: nothing } } }, async (req) => {
    await ops.content.newsDelete(operatorOf(req), req.body.id);
    return ok(null, OpsMessages.deleted);
  });
  app.get(OpsPaths.carousel, { schema: { response: { 200: listOf(CarouselSlide) } } }, async () => ok(await ops.content.carousel()));
  app.post(OpsPaths.carouselSave, { schema: { body: CarouselSlideSave, response: { 200: idData } } }, async (req) =>
    ok({ id: await ops.content.carouselSave(operatorOf(req), req.body) }, OpsMessages.saved),
  );
  app.post(OpsPaths.carouselDelete, { schema: { body: OpsIdBody, response: { 200: nothing } } }, async (req) => {
    await ops.content.carouselDelete(operatorOf(req), req.body.id);
    return ok(null, OpsMessages.deleted);
  });
  app.get(OpsPaths.pages, { schema: { response: { 200: listOf(OpsContentPage) } } }, async () => ok(await ops.content.pages()));
  app.post(OpsPaths.pageSave, { schema: { body: OpsContentPageSave, response: { 200: nothing } } }, async (req) => {
    await ops.content.pageSave(operatorOf(req), req.body);
    return ok(null, OpsMessages.saved);
  });
  app.get(OpsPaths.agreement, { schema: { response: { 200: envelopeSchema(OpsAgreement) } } }, async () => ok(await ops.content.agreement()));
  app.post(OpsPaths.agreementSave, { schema: { body: OpsAgreementSave, response: { 200: nothing } } }, async (req) => {
    await ops.content.agreementSave(operatorOf(req), req.body.url);
    return ok(null, OpsMessages.saved);
  });

  // ---- commerce ----
  app.get(OpsPaths.products, { schema: { response: { 200: listOf(OpsProduct) } } }, async () => ok(await ops.commerce.products()));
  app.post(OpsPaths.productSave, { schema: { body: OpsProductSave, response: { 200: nothing } } }, async (req) => {
    await ops.commerce.productSave(operatorOf(req), req.body);
    return ok(null, OpsMessages.saved);
  });
  app.get(OpsPaths.batches, { schema: { querystring: OpsPageQuery, response: { 200: listOf(OpsBatch) } } }, async (req) => {
    const { list, count } = await ops.commerce.batches(req.query.page, req.query.limit);
    return ok(list, 'success', count);
  });
  app.post(OpsPaths.batchCreate, { schema: { body: OpsBatchCreate, response: { 200: envelopeSchema(OpsBatchCreated) } } }, async (req) =>
    ok(await ops.commerce.batchCreate(operatorOf(req), req.body), `已生成${req.body.count}个兑换码`),
  );
  app.get(OpsPaths.batchExport, { schema: { querystring: OpsBatchExportQuery } }, async (req, reply) => {
    const { filename, csv } = await ops.commerce.batchCsv(operatorOf(req), req.query.id);
    return sendCsv(reply, filename, csv);
  });
  app.post(OpsPaths.batchVoid, { schema: { body: OpsBatchVoid, response: { 200: envelopeSchema(OpsBatchVoided) } } }, async (req) => {
    const voided = await ops.commerce.batchVoid(operatorOf(req), req.body.id, req.body.reason);
    return ok({ voided }, `已作废${voided}个未使用的兑换码`);
  });
  app.post(OpsPaths.codeVoid, { schema: { body: OpsCodeVoid, response: { 200: nothing } } }, async (req) => {
    await ops.commerce.codeVoid(operatorOf(req), req.body.code, req.body.reason);
    return ok(null, '兑换码已作废');
  });
  app.get(OpsPaths.freePlanList, { schema: { querystring: OpsFreePlanQuery, response: { 200: listOf(OpsFreePlanItem) } } }, async (req) => {
    const { list, count } = await ops.commerce.freePlan(req.query.status, req.query.page, req.query.limit);
    return ok(list, 'success', count);
  });
  app.post(OpsPaths.freePlanReview, { schema: { body: OpsFreePlanReview, response: { 200: envelopeSchema(OpsFreePlanReviewed) } } }, async (req) => {
    const outcome = await ops.commerce.freePlanReview(operatorOf(req), req.body);
    const msg = outcome === 'approved' ? '已通过，已赠送一个月标准会员' : outcome === 'rejected' ? '已驳回' : OpsMessages.freePlanAlreadyHad;
    return ok({ outcome }, msg);
  });
  app.get(OpsPaths.orders, { schema: { querystring: OpsOrdersQuery, response: { 200: listOf(OpsOrder) } } }, async (req) => {
    const { list, count } = await ops.commerce.orders(req.query);
    return ok(list, 'success', count);
  });
  app.post(OpsPaths.orderClose, { schema: { body: OpsOrderClose, response: { 200: nothing } } }, async (req) => {
    await ops.commerce.orderClose(operatorOf(req), req.body.order_id, req.body.reason, req.log);
    return ok(null, '订单已关闭');
  });
  app.get(OpsPaths.giftTypes, { schema: { response: { 200: listOf(OpsGiftType) } } }, async () => ok(await ops.commerce.giftTypes()));
  app.post(OpsPaths.giftGrant, { schema: { body: OpsGiftGrant, response: { 200: envelopeSchema(OpsGiftGranted) } } }, async (req) => {
    const r = await ops.commerce.giftGrant(operatorOf(req), req.body);
    return ok(r, r.unknown.length ? `已赠送${r.granted.length}人，${r.unknown.length}个手机号未注册` : `已赠送${r.granted.length}人`);
  });

  // ---- users ----
  app.get(OpsPaths.users, { schema: { querystring: OpsUsersQuery, response: { 200: listOf(OpsUser) } } }, async (req) => {
    const { list, count } = await ops.users.search(req.query.q, req.query.page, req.query.limit);
    return ok(list, 'success', count);
  });
  app.post(OpsPaths.userMembership, { schema: { body: OpsMembershipChange, response: { 200: nothing } } }, async (req) => {
    await ops.users.membership(operatorOf(req), req.body);
    return ok(null, req.body.action === 'extend' ? '会员已延长' : '会员已撤销');
  });
  app.post(OpsPaths.userLock, { schema: { body: OpsUserLock, response: { 200: nothing } } }, async (req) => {
    await ops.users.lock(operatorOf(req), req.body);
    return ok(null, req.body.locked ? '账号已锁定' : '账号已解锁');
  });

  // ---- catalogue ----
  app.get(OpsPaths.tools, { schema: { querystring: OpsToolsQuery, response: { 200: listOf(OpsTool) } } }, async (req) => {
    const { list, count } = await ops.catalogue.list(req.query);
    return ok(list, 'success', count);
  });
  app.post(OpsPaths.toolUpdate, { schema: { body: OpsToolUpdate, response: { 200: envelopeSchema(OpsTool) } } }, async (req) =>
    ok(await ops.catalogue.update(operatorOf(req), req.body), OpsMessages.saved),
  );
  app.post(OpsPaths.toolVideo, { schema: { response: { 200: nothing } } }, async (req) => {
    if (!req.isMultipart()) throw badRequest('请选择视频文件');
    let toolId = 0;
    let saved: string | null = null;
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'labstat-ops-video-'));
    try {
      for await (const part of req.parts()) {
        if (part.type === 'field') {
          if (part.fieldname === 'id') toolId = Number(part.value);
        } else if (part.fieldname === 'file' && !saved) {
          saved = path.join(dir, randomBytes(8).toString('hex'));
          await pipeline(part.file, fs.createWriteStream(saved));
          if (part.file.truncated) throw new AppError(413, `视频不能超过${VIDEO_MAX_BYTES / 1024 / 1024}MB`, 413);
        } else {
          part.file.resume();
        }
      }
      if (!Number.isSafeInteger(toolId) || toolId < 1) throw badRequest('请选择工具');
      if (!saved) throw badRequest('请选择视频文件');
      try {
        await ops.catalogue.videoAttach(operatorOf(req), toolId, saved);
      } catch (err) {
        if (err instanceof AppError) throw err;
        // VideoService speaks to the CLI in English; the console gets a sentence it can act on.
        throw badRequest(`视频无法使用：请上传不超过${VIDEO_MAX_BYTES / 1024 / 1024}MB的 MP4 或 WebM 文件`);
      }
      return ok(null, '视频已上传');
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  });
  app.post(OpsPaths.toolVideoClear, { schema: { body: OpsToolVideoClear, response: { 200: nothing } } }, async (req) => {
    await ops.catalogue.videoClear(operatorOf(req), req.body.id, req.body.reason);
    return ok(null, '视频已删除');
  });

  // ---- audit ----
  app.get(OpsPaths.audit, { schema: { querystring: OpsAuditQuery, response: { 200: listOf(OpsAuditEntry) } } }, async (req) => {
    const { list, count } = await ops.audit.list(req.query);
    return ok(list, 'success', count);
  });
  app.get(OpsPaths.auditExport, { schema: { querystring: OpsAuditQuery } }, async (req, reply) => sendCsv(reply, 'ops-audit.csv', await ops.audit.csv(req.query)));
};

/** The home page's carousel (public): the slides operators keep active, in order. */
export const carouselRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  app.get(CarouselPaths.list, { schema: { response: { 200: listOf(CarouselSlide) } } }, async () => ok(await services.ops.content.carousel(true)));
};
