// Feedback (spec 01 §7 /user/feedback-v2/*): list with status filter and paging, add, the
// conversation of one thread and the user's reply. Owner only.
import {
  FeedbackAddBody,
  FeedbackAddData,
  FeedbackItem,
  FeedbackListQuery,
  FeedbackLookData,
  FeedbackLookQuery,
  FeedbackMessages,
  FeedbackSendBody,
  HelpPaths,
  envelopeSchema,
  ok,
} from '@labstat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth, sessionOf } from '../plugins/auth.js';
import type { Services } from '../services/container.js';

export const feedbackRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const auth = requireAuth(services.sessions);

  app.get(HelpPaths.feedbackList, { preHandler: auth, schema: { querystring: FeedbackListQuery, response: { 200: envelopeSchema(z.array(FeedbackItem)) } } }, async (req) => {
    const { list, count } = await services.feedback.list(sessionOf(req).userId, req.query);
    return ok(list, 'success', count);
  });

  app.post(HelpPaths.feedbackAdd, { preHandler: auth, schema: { body: FeedbackAddBody, response: { 200: envelopeSchema(FeedbackAddData) } } }, async (req) =>
    ok({ feedbackid: await services.feedback.add(sessionOf(req).userId, req.body) }, FeedbackMessages.added),
  );

  app.get(HelpPaths.feedbackLook, { preHandler: auth, schema: { querystring: FeedbackLookQuery, response: { 200: envelopeSchema(FeedbackLookData) } } }, async (req) =>
    ok(await services.feedback.look(sessionOf(req).userId, req.query.feedbackid)),
  );

  app.post(HelpPaths.feedbackSend, { preHandler: auth, schema: { body: FeedbackSendBody, response: { 200: envelopeSchema(z.null()) } } }, async (req) => {
    await services.feedback.send(sessionOf(req).userId, req.body.feedbackid, req.body.input);
    return ok(null, FeedbackMessages.sent);
  });
};
