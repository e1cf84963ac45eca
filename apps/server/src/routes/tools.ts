// The analysis-tool calls of spec 01 §7: catalogue, classes, favourites, tool detail, step fields,
// manual, run time, video, submission and re-opening a task.
import {
  BaseQuery,
  FormField,
  ManualData,
  ReportQuery,
  RunningTimeData,
  SearchToolsQuery,
  StarBody,
  StepParamsQuery,
  StepParamsRuleBody,
  SubmitBody,
  SubmitResult,
  ToolClass,
  ToolClassQuery,
  ToolDetail,
  ToolIdQuery,
  ToolListItem,
  ToolMessages,
  ToolPaths,
  VideoData,
  envelopeSchema,
  ok,
} from '@labstat/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { toolById } from '@labstat/tools';
import { badRequest, notFound } from '../errors.js';
import { optionalAuth, requireAuth, sessionOf } from '../plugins/auth.js';
import type { Services } from '../services/container.js';
import { DATA_FILED, toolIcon } from '../services/tool-service.js';

const viewerOf = (req: { session: { userId: number } | null }) => ({ userId: req.session?.userId ?? null });

export const toolRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const auth = requireAuth(services.sessions);
  const maybe = optionalAuth(services.sessions);
  const tools = services.tools;
  const list = envelopeSchema(z.array(ToolListItem));

  // Visitors' pages come as the body string kept with the catalogue snapshot, made by this route's
  // own serializer, so they are byte for byte what serializing would give; signed-in viewers' pages
  // carry their favourites and are serialized per request.
  const JSON_TYPE = 'application/json; charset=utf-8';
  // A string body with a JSON type skips serialization (Fastify 5), hence the untyped reply.
  const sendJson = (reply: FastifyReply, body: string) => reply.type(JSON_TYPE).send(body);
  const visitorBody = (reply: FastifyReply) => (p: { list: ToolListItem[]; count: number }) =>
    reply.serializeInput({ ...ok(p.list, 'success', p.count) }, '200') as string;

  app.get(ToolPaths.search, { preHandler: maybe, schema: { querystring: SearchToolsQuery, response: { 200: list } } }, async (req, reply) => {
    const body = req.session ? null : await tools.visitorPage(req.query, false, visitorBody(reply));
    if (body !== null) return sendJson(reply, body);
    const { list: data, count } = await tools.search(viewerOf(req), req.query);
    return ok(data, 'success', count);
  });

  app.get(ToolPaths.classes, { schema: { querystring: ToolClassQuery, response: { 200: envelopeSchema(z.array(ToolClass)) } } }, async (req) =>
    ok(tools.classes(req.query.level1)),
  );

  // Advanced tools: one list per menu item (level1), its categories as buttons.
  app.get(ToolPaths.searchAdvanced, { preHandler: maybe, schema: { querystring: SearchToolsQuery, response: { 200: list } } }, async (req, reply) => {
    const body = req.session ? null : await tools.visitorPage(req.query, true, visitorBody(reply));
    if (body !== null) return sendJson(reply, body);
    const { list: data, count } = await tools.search(viewerOf(req), req.query, true);
    return ok(data, 'success', count);
  });
  app.get(ToolPaths.classesAdvanced, { schema: { querystring: ToolClassQuery, response: { 200: envelopeSchema(z.array(ToolClass)) } } }, async (req) =>
    ok(tools.advancedClasses(req.query.level1)),
  );

  app.post(ToolPaths.star, { preHandler: auth, schema: { body: StarBody, response: { 200: envelopeSchema(z.null()) } } }, async (req) => {
    await tools.star(sessionOf(req).userId, req.body.toolId, req.body.status);
    return ok(null, req.body.status ? '收藏成功' : '已取消收藏');
  });

  app.get(ToolPaths.base, { preHandler: maybe, schema: { querystring: BaseQuery, response: { 200: envelopeSchema(ToolDetail) } } }, async (req) =>
    ok(await tools.detail(viewerOf(req), req.query.toolId, req.query.taskId)),
  );

  app.get(
    ToolPaths.stepParams,
    { preHandler: maybe, schema: { querystring: StepParamsQuery, response: { 200: envelopeSchema(z.array(FormField)) } } },
    async (req) => ok(await tools.stepParams(viewerOf(req), req.query.step_id, req.query.taskId)),
  );

  app.post(
    ToolPaths.stepParamsRule,
    { preHandler: auth, schema: { body: StepParamsRuleBody, response: { 200: envelopeSchema(z.array(FormField)) } } },
    async (req) => {
      const f = req.body.file;
      const fid = typeof f === 'string' ? f : (f[DATA_FILED] ?? Object.values(f)[0]);
      if (!fid) throw badRequest(ToolMessages.chooseFile);
      return ok(await tools.stepParamsRule(viewerOf(req), req.body.toolId, fid, req.body.taskId ?? ''));
    },
  );

  app.get(ToolPaths.manual, { schema: { querystring: ToolIdQuery, response: { 200: envelopeSchema(ManualData) } } }, async (req) =>
    ok({ manual: await tools.manual(req.query.toolId) }),
  );

  app.get(ToolPaths.runningTime, { schema: { querystring: ToolIdQuery, response: { 200: envelopeSchema(RunningTimeData) } } }, async (req) =>
    ok({ runningtime: await tools.runningTime(req.query.toolId) }),
  );

  app.get(ToolPaths.video, { schema: { querystring: ToolIdQuery, response: { 200: envelopeSchema(VideoData) } } }, async (req) => {
    const v = await tools.video(req.query.toolId);
    return ok(v, v.status === 1 ? 'success' : ToolMessages.noVideo);
  });

  app.get(`${ToolPaths.icon}/:file`, { schema: { params: z.object({ file: z.string().regex(/^\d{1,9}\.svg$/) }) } }, async (req, reply) => {
    const id = Number(req.params.file.slice(0, -4));
    const name = toolById(id)?.definition.name;
    if (!name) throw notFound(ToolMessages.notFound);
    return reply.header('Content-Type', 'image/svg+xml').header('Cache-Control', 'public, max-age=86400').send(toolIcon(id, name));
  });

  app.post(
    ToolPaths.submit,
    { preHandler: auth, schema: { body: SubmitBody, response: { 200: envelopeSchema(SubmitResult) } } },
    async (req) => {
      const fault = req.headers['x-labstat-fault'];
      const result = await services.tasks.submit(
        sessionOf(req).userId,
        { ...req.body, fault: fault === 'crash' || fault === 'hang' ? fault : undefined },
        req.id,
      );
      return ok(result, ToolMessages.submitted);
    },
  );

  app.get(
    ToolPaths.report,
    { preHandler: auth, schema: { querystring: ReportQuery, response: { 200: envelopeSchema(SubmitResult.extend({ status: z.string(), message: z.string() })) } } },
    async (req) => ok(await services.tasks.result(sessionOf(req).userId, req.query.taskId)),
  );
};
