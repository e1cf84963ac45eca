// Site content for the login and home pages, the advanced menu, static page info and runtime flags.
import {
  Announcement,
  LoginInfoData,
  MenuItem,
  RuntimeInfo,
  SiteInfoData,
  SiteInfoQuery,
  SitePaths,
  envelopeSchema,
  ok,
} from '@labstat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../config.js';
import { notFound } from '../errors.js';
import type { Services } from '../services/container.js';

export const siteRoutes: FastifyPluginAsyncZod<{ services: Services; config: Config }> = async (app, { services, config }) => {
  app.get(SitePaths.loginInfo, { schema: { response: { 200: envelopeSchema(LoginInfoData) } } }, async () =>
    ok({ loginInfo: await services.site.loginInfo() }),
  );

  app.get(SitePaths.announcements, { schema: { response: { 200: envelopeSchema(z.array(Announcement)) } } }, async () => {
    const list = await services.site.announcements();
    return ok(list, 'success', list.length);
  });

  app.get(SitePaths.menu, { schema: { response: { 200: envelopeSchema(z.array(MenuItem)) } } }, async () =>
    ok(await services.site.advancedMenu()),
  );

  app.get(
    SitePaths.siteInfo,
    { schema: { querystring: SiteInfoQuery, response: { 200: envelopeSchema(SiteInfoData) } } },
    async (req) => {
      const row = await services.site.siteInfo(req.query.item);
      if (!row) throw notFound('页面内容不存在');
      return ok({ ...(row.url ? { url: row.url } : {}), ...(row.content ? { content: row.content } : {}) });
    },
  );

  app.get(SitePaths.runtime, { schema: { response: { 200: envelopeSchema(RuntimeInfo) } } }, async () =>
    ok({
      smsProvider: services.smsProvider.name,
      wechatProvider: services.wechatProvider.name,
      devMode: services.smsProvider.isDev || services.wechatProvider.isDev,
      version: config.version,
    }),
  );

  app.get('/healthz', { schema: { response: { 200: envelopeSchema(z.object({ status: z.string() })) } } }, async () =>
    ok({ status: 'ok' }),
  );
};
