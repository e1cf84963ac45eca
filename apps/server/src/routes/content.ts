// The manual and static content: /home/introduction and /home/getStarted (spec 01 §7), the
// /dynamics* calls (spec 02 §7: page text, update news, header notices), the standalone help pages
// the web's manual frames load, and /favicon.ico. Which path serves what is written in contracts/help.ts.
import {
  DynamicsData,
  DynamicsQuery,
  GetStartedData,
  HelpPaths,
  IntroductionData,
  MenuNotice,
  UpdateNewsItem,
  UpdateNewsQuery,
  envelopeSchema,
  ok,
} from '@labstat/contracts';
import fs from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { helpImageFile } from '../db/seed-content.js';
import { notFound } from '../errors.js';
import type { Services } from '../services/container.js';
import { HELP_PAGE_CSP, isHelpPage } from '../services/content-service.js';

export const contentRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const content = services.content;

  app.get(HelpPaths.introduction, { schema: { response: { 200: envelopeSchema(IntroductionData) } } }, async () =>
    ok({ introduction: (await content.page('introduction')).html }),
  );

  app.get(HelpPaths.getStarted, { schema: { response: { 200: envelopeSchema(GetStartedData) } } }, async () =>
    ok({ getStarted: (await content.page('manual')).html }),
  );

  app.get(HelpPaths.dynamics, { schema: { querystring: DynamicsQuery, response: { 200: envelopeSchema(DynamicsData) } } }, async (req) =>
    ok(await content.dynamics(req.query.item)),
  );

  app.get(HelpPaths.updateNews, { schema: { querystring: UpdateNewsQuery, response: { 200: envelopeSchema(z.array(UpdateNewsItem)) } } }, async (req) => {
    const { list, count } = await content.updateNews(req.query.page, req.query.limit);
    return ok(list, 'success', count);
  });

  app.get(HelpPaths.notices, { schema: { response: { 200: envelopeSchema(z.array(MenuNotice)) } } }, async () => {
    const list = await content.notices();
    return ok(list, 'success', list.length);
  });

  app.get(`${HelpPaths.helpPages}/:name`, { schema: { params: z.object({ name: z.string().max(64) }) } }, async (req, reply) => {
    const { name } = req.params;
    if (name === 'help.css') {
      return reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(content.stylesheet());
    }
    const page = name.endsWith('.html') ? name.slice(0, -'.html'.length) : '';
    if (!isHelpPage(page)) throw notFound('页面不存在');
    return reply
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', HELP_PAGE_CSP)
      .header('Cache-Control', 'no-cache')
      .send(await content.standalone(page));
  });

  app.get(`${HelpPaths.helpPages}/img/:name`, { schema: { params: z.object({ name: z.string().max(64) }) } }, async (req, reply) => {
    const file = helpImageFile(req.params.name);
    if (!file || !fs.existsSync(file)) throw notFound('图片不存在');
    const ext = req.params.name.split('.').pop()!;
    const type = ext === 'png' ? 'image/png' : ext === 'webp' ? 'image/webp' : 'image/jpeg';
    return reply.type(type).header('Cache-Control', 'public, max-age=3600').send(fs.createReadStream(file));
  });

  app.get(HelpPaths.favicon, async (_req, reply) =>
    reply.type('image/x-icon').header('Cache-Control', 'public, max-age=86400').send(content.faviconIco()),
  );
};
