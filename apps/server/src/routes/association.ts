// The association drawer's list (spec 02 §3, §7; spec 01 §7 POST /anatools/association): the same
// fields by query (GET) or JSON body (POST). Public: a logged-in caller's own file refines the list.
import { AssociationData, AssociationQuery, HelpPaths, envelopeSchema, ok } from '@labstat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalAuth } from '../plugins/auth.js';
import type { Services } from '../services/container.js';

export const associationRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const viewer = optionalAuth(services.sessions);
  const schema = { response: { 200: envelopeSchema(AssociationData) } };

  app.get(HelpPaths.association, { preHandler: viewer, schema: { ...schema, querystring: AssociationQuery } }, async (req) => {
    const data = await services.association.list(req.session?.userId ?? null, req.query);
    return ok(data, 'success', data.count);
  });

  app.post(HelpPaths.association, { preHandler: viewer, schema: { ...schema, body: AssociationQuery.nullish() } }, async (req) => {
    const data = await services.association.list(req.session?.userId ?? null, req.body ?? AssociationQuery.parse({}));
    return ok(data, 'success', data.count);
  });
};
