// Data processing (spec 01 §7: /anatools/v2/dataProcessing/*): the method list, a method's form for
// a chosen file, its manual and video, and a submission whose result is a new data file.
import { ManualData, ProcessIdQuery, ProcessingItem, ProcessingPaths, ProcessingResultData, ProcessingRuleQuery, ProcessingSubmitBody, VideoData, FormField, envelopeSchema, ok } from '@labstat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, sessionOf } from '../plugins/auth.js';
import type { Services } from '../services/container.js';

export const processingRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const processing = services.processing;
  const auth = requireAuth(services.sessions);

  app.get(ProcessingPaths.list, { schema: { response: { 200: envelopeSchema(z.array(ProcessingItem)) } } }, async () => {
    const list = processing.list();
    return ok(list, 'success', list.length);
  });

  app.get(ProcessingPaths.paramsRule, { preHandler: auth, schema: { querystring: ProcessingRuleQuery, response: { 200: envelopeSchema(z.array(FormField)) } } }, async (req) =>
    ok(await processing.fields(sessionOf(req).userId, req.query.processId, req.query._fid)),
  );

  app.get(ProcessingPaths.manual, { schema: { querystring: ProcessIdQuery, response: { 200: envelopeSchema(ManualData) } } }, async (req) =>
    ok({ manual: await processing.manual(req.query.processId) }),
  );

  app.get(ProcessingPaths.video, { schema: { querystring: ProcessIdQuery, response: { 200: envelopeSchema(VideoData) } } }, async (req) =>
    ok(await processing.video(req.query.processId)),
  );

  app.post(ProcessingPaths.submit, { preHandler: auth, schema: { body: ProcessingSubmitBody, response: { 200: envelopeSchema(ProcessingResultData) } } }, async (req) =>
    ok(await processing.submit(sessionOf(req).userId, req.body, req.id), '处理完成，已生成新的数据文件'),
  );
};
