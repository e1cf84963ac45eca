// The report page for the tool detail frame and the Report JSON. Frames send no headers, so the
// page also accepts the login token from the Custom-Token cookie; reports are their owner's only.
import { createRequire } from 'node:module';
import fs from 'node:fs';
import { ToolPaths, type Report } from '@labstat/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { cookieToken, tokenOf } from '../plugins/auth.js';
import { REPORT_ASSETS, REPORT_SCRIPT, reportHtml } from '../reports/report-html.js';
import type { Services } from '../services/container.js';
import { escapeHtml } from '../lib/html.js';

const ReportParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/) });
const CSP = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'self'";

function errorPage(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Content-Security-Policy', CSP)
    .send(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>报告</title></head><body style="font-family:sans-serif;color:#888;text-align:center;padding-top:80px">${escapeHtml(message)}</body></html>`);
}

export const reportRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const echartsFile = createRequire(import.meta.url).resolve('echarts/dist/echarts.min.js');

  async function load(req: FastifyRequest, id: string): Promise<Report> {
    const session = await services.sessions.authenticate(tokenOf(req) ?? cookieToken(req));
    return services.tasks.report(session.userId, id);
  }

  app.get(`${REPORT_ASSETS}/echarts.min.js`, async (_req, reply) =>
    reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(fs.createReadStream(echartsFile)),
  );
  app.get(`${REPORT_ASSETS}/report.js`, async (_req, reply) =>
    reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(REPORT_SCRIPT),
  );

  app.get(`${ToolPaths.reportPage}/:id`, { schema: { params: ReportParams } }, async (req, reply) => {
    try {
      const report = await load(req, req.params.id);
      return reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Security-Policy', CSP)
        .header('X-Content-Type-Options', 'nosniff')
        .send(reportHtml(req.params.id, report));
    } catch (err) {
      if (err instanceof AppError) return errorPage(reply, err.status, err.message);
      throw err;
    }
  });

  app.get(`${ToolPaths.reportPage}/:id/report.json`, { schema: { params: ReportParams } }, async (req, reply) => {
    const report = await load(req, req.params.id);
    return reply.header('Cache-Control', 'private, no-store').send(report);
  });
};
