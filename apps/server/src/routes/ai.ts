// AI interpretation (spec 01 §2–§4, §7–§9; issue 17): models, question templates, a task's chat
// history, and the dialogue streamed as `data: {…}` lines ending with `data: [DONE]`. Errors found
// before the stream starts (model, owner, quota, rate) answer as the usual envelope; after that the
// stream always ends with [DONE], and a client that goes away aborts the model's call.
import { Readable } from 'node:stream';
import { AiModel, AiPaths, DialogueBody, HistoryData, HistoryQuery, QuestionData, QuestionQuery, envelopeSchema, ok } from '@labstat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, sessionOf } from '../plugins/auth.js';
import type { Services } from '../services/container.js';

export const aiRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const auth = requireAuth(services.sessions);
  const ai = services.ai;

  app.get(AiPaths.apiType, { schema: { response: { 200: envelopeSchema(z.array(AiModel)) } } }, async () => ok(ai.models()));

  app.get(AiPaths.question, { schema: { querystring: QuestionQuery, response: { 200: envelopeSchema(QuestionData) } } }, async (req) =>
    ok({ questions: await ai.questions(req.query.toolid) }),
  );

  app.get(AiPaths.history, { preHandler: auth, schema: { querystring: HistoryQuery, response: { 200: envelopeSchema(HistoryData) } } }, async (req) =>
    ok({ history: await ai.history(sessionOf(req).userId, req.query.taskId) }),
  );

  app.post(AiPaths.dialogue, { preHandler: auth, bodyLimit: 16 * 1024, schema: { body: DialogueBody } }, async (req, reply) => {
    const dialogue = await ai.prepare(sessionOf(req).userId, req.body);
    const abort = new AbortController();
    // The client closed the connection before the reply ended: stop the model's call.
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) abort.abort();
    });
    async function* frames() {
      for await (const event of dialogue.events(abort.signal)) yield `data: ${JSON.stringify(event)}\n\n`;
      yield 'data: [DONE]\n\n';
    }
    return reply
      .header('Content-Type', 'text/event-stream; charset=utf-8')
      .header('Cache-Control', 'no-cache, no-store, no-transform')
      .header('X-Accel-Buffering', 'no')
      .send(Readable.from(frames(), { objectMode: false }));
  });
};
