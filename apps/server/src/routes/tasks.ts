// The task center (spec 01 §2, §7): a user's tasks per list with status filter and paging, and
// deletion; plus the Word download of a report (POST /anatools/v2/getresult) and the queue place
// of a submission that is still waiting (GET /anatools/v2/queue).
import { GetResultBody, GetResultData, QueueQuery, QueueState, TaskCenterMessages, TaskDeleteQuery, TaskListData, TaskListQuery, TaskPaths, envelopeSchema, ok } from '@labstat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../errors.js';
import { requireAuth, sessionOf } from '../plugins/auth.js';
import type { Services } from '../services/container.js';

const LISTS = [
  { kind: 'tool', list: TaskPaths.listTool, remove: TaskPaths.deleteTool },
  { kind: 'process', list: TaskPaths.listProcess, remove: TaskPaths.deleteProcess },
] as const;

export const taskRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const auth = requireAuth(services.sessions);

  for (const { kind, list, remove } of LISTS) {
    app.get(list, { preHandler: auth, schema: { querystring: TaskListQuery, response: { 200: envelopeSchema(TaskListData) } } }, async (req) => {
      const data = await services.tasks.list(sessionOf(req).userId, kind, req.query);
      return ok(data, 'success', data.count);
    });
    // The task id may come in the query or in a JSON body.
    app.delete(remove, { preHandler: auth, schema: { querystring: TaskDeleteQuery.partial(), body: TaskDeleteQuery.partial().nullish(), response: { 200: envelopeSchema(z.null()) } } }, async (req) => {
      const taskid = req.query.taskid ?? req.body?.taskid;
      if (!taskid) throw badRequest('请指定要删除的任务');
      await services.tasks.delete(sessionOf(req).userId, kind, taskid);
      return ok(null, TaskCenterMessages.deleted);
    });
  }

  app.get(TaskPaths.queue, { preHandler: auth, schema: { querystring: QueueQuery, response: { 200: envelopeSchema(QueueState) } } }, async (req) =>
    ok(await services.tasks.queueState(sessionOf(req).userId, req.query.ref)),
  );

  app.post(TaskPaths.getResult, { preHandler: auth, schema: { body: GetResultBody, response: { 200: envelopeSchema(GetResultData) } } }, async (req) =>
    ok({ downloadPath: await services.reports.wordPath(sessionOf(req).userId, req.body.reportid) }),
  );
};
