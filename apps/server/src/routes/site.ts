// Site content for the login and home pages, the advanced menu, static page info and runtime flags.
import { ADVANCED_MENU } from '@labstat/tools';
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
import { optionalAuth } from '../plugins/auth.js';
import type { Services } from '../services/container.js';

export const siteRoutes: FastifyPluginAsyncZod<{ services: Services; config: Config }> = async (app, { services, config }) => {
  app.get(SitePaths.loginInfo, { schema: { response: { 200: envelopeSchema(LoginInfoData) } } }, async () =>
    ok({ loginInfo: await services.site.loginInfo() }),
  );

  // Each announcement shows once per user (issue 20): a logged-in caller gets only those it has not
  // been served, and serving marks them; a visitor gets them all and nothing is recorded.
  app.get(SitePaths.announcements, { preHandler: optionalAuth(services.sessions), schema: { response: { 200: envelopeSchema(z.array(Announcement)) } } }, async (req) => {
    const userId = req.session?.userId;
    if (userId === undefined) {
      const list = await services.site.announcements();
      return ok(list, 'success', list.length);
    }
    const unseen = await services.site.unseenAnnouncements(userId);
    await services.site.markAnnouncementsSeen(userId, unseen.map((a) => a.id), Date.now());
    const list = unseen.map(({ title, content }) => ({ title, content }));
    return ok(list, 'success', list.length);
  });

  app.get(SitePaths.menu, { schema: { response: { 200: envelopeSchema(z.array(MenuItem)) } } }, async () =>
    ok([...ADVANCED_MENU]),
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
      devMode: services.smsProvider.isDev || services.wechatProvider.isDev || services.pay.payments.provider.isDev,
      version: config.version,
    }),
  );

  app.get('/healthz', { schema: { response: { 200: envelopeSchema(z.object({ status: z.string() })) } } }, async () =>
    ok({ status: 'ok' }),
  );
};
