// Report pages and files (DESIGN §5). The owner's page and downloads accept the login token from
// the X-Csrftoken header or, for frames and plain links that send no headers, the Custom-Token
// cookie; share links (/s/{token}) open the same page and downloads without login. Creating and
// revoking a link changes state, so it needs the header (a cookie alone could be forged across sites).
import { createRequire } from 'node:module';
import fs from 'node:fs';
import { FigureOptions, ResultCode, ShareData, TaskCenterMessages, TaskPaths, ToolPaths, envelopeSchema, ok } from '@labstat/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { toolById } from '@labstat/tools';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { cookieToken, requireAuth, sessionOf, tokenOf } from '../plugins/auth.js';
import { REPORT_ASSETS, REPORT_SCRIPT, reportHtml, type ReportView } from '../reports/report-html.js';
import type { Services } from '../services/container.js';
import { DOWNLOAD_KIND, ReportMessages, ReportService, type DownloadKind, type LoadedReport } from '../services/report-service.js';
import { escapeHtml } from '../lib/html.js';

const ReportParams = z.object({ id: z.string().regex(/^[0-9a-f]{24}$/) });
const SHARE_TOKEN = /^[A-Za-z0-9_-]{32}$/;
const ShareParams = z.object({ token: z.string().max(100) });
const FigureQuery = z.object({ fo: z.string().max(4000).optional() });
const DownloadParams = z.object({ kind: z.string().regex(DOWNLOAD_KIND), name: z.string().min(1).max(200) });
const CSP = "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'self'";

function errorPage(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Content-Security-Policy', CSP)
    .send(`<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>报告</title></head><body style="font-family:sans-serif;color:#888;text-align:center;padding-top:80px" data-error="${status}">${escapeHtml(message)}</body></html>`);
}

/** RFC 6266: an ASCII fallback and the UTF-8 name, so Chinese names survive every browser. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const reportRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const echartsFile = createRequire(import.meta.url).resolve('echarts/dist/echarts.min.js');
  const reports = services.reports;
  const auth = requireAuth(services.sessions);

  async function owned(req: FastifyRequest, id: string): Promise<LoadedReport> {
    const session = await services.sessions.authenticate(tokenOf(req) ?? cookieToken(req));
    return reports.own(session.userId, id);
  }

  /** A malformed token is just an unknown link to the user. */
  const sharedReport = (token: string) => {
    if (!SHARE_TOKEN.test(token)) return Promise.reject(new AppError(404, TaskCenterMessages.shareUnknown));
    return reports.shared(token);
  };

  async function page(reply: FastifyReply, load: () => Promise<LoadedReport>, view: (l: LoadedReport) => Promise<ReportView>) {
    try {
      const loaded = await load();
      return reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', 'private, no-store')
        .header('Content-Security-Policy', CSP)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Referrer-Policy', 'no-referrer')
        .send(reportHtml(loaded.report, await view(loaded)));
    } catch (err) {
      if (err instanceof AppError) return errorPage(reply, err.status, err.message);
      throw err;
    }
  }

  /** Figure options from `?fo=` (JSON); a malformed value is the user's to fix, not a default. */
  function figureOf(raw: string | undefined): FigureOptions | undefined {
    if (raw === undefined || raw === '') return undefined;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      throw new AppError(ResultCode.badRequest, ReportMessages.badFigure, 400);
    }
    const parsed = FigureOptions.safeParse(json);
    if (!parsed.success) throw new AppError(ResultCode.badRequest, ReportMessages.badFigure, 400);
    return parsed.data;
  }

  async function download(reply: FastifyReply, loaded: LoadedReport, kind: string, name: string, fo?: string) {
    const file = await reports.file(loaded, kind as DownloadKind, figureOf(fo));
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', contentDisposition(name))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      // An SVG opened directly must not run anything it might carry.
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(file.bytes);
  }

  app.get(`${REPORT_ASSETS}/echarts.min.js`, async (_req, reply) =>
    reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(fs.createReadStream(echartsFile)),
  );
  app.get(`${REPORT_ASSETS}/report.js`, async (_req, reply) =>
    reply.header('Content-Type', 'text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(REPORT_SCRIPT),
  );

  // The owner's report page, with downloads and the share controls.
  app.get(`${ToolPaths.reportPage}/:id`, { schema: { params: ReportParams } }, async (req, reply) =>
    page(
      reply,
      () => owned(req, req.params.id),
      async ({ row }) => ({
        base: ReportService.ownerBase(row.reportid),
        share: { path: (await reports.liveSharePath(row.reportid)) ?? '' },
        // Only analysis tools have a chat; a data-processing report has none.
        ...(toolById(row.tool_id) ? { ai: { toolId: row.tool_id, taskId: row.taskid } } : {}),
      }),
    ),
  );

  app.get(`${ToolPaths.reportPage}/:id/report.json`, { schema: { params: ReportParams } }, async (req, reply) => {
    const { report } = await owned(req, req.params.id);
    return reply.header('Cache-Control', 'private, no-store').send(report);
  });

  app.get(`${ToolPaths.reportPage}/:id/download/:kind/:name`, { schema: { params: ReportParams.merge(DownloadParams), querystring: FigureQuery } }, async (req, reply) =>
    download(reply, await owned(req, req.params.id), req.params.kind, req.params.name, req.query.fo),
  );

  const shareReply = envelopeSchema(ShareData);
  app.get(`${ToolPaths.reportPage}/:id/share`, { preHandler: auth, schema: { params: ReportParams, response: { 200: shareReply } } }, async (req) =>
    ok({ path: await reports.sharePath(sessionOf(req).userId, req.params.id) }),
  );
  app.post(`${ToolPaths.reportPage}/:id/share`, { preHandler: auth, schema: { params: ReportParams, response: { 200: shareReply } } }, async (req) =>
    ok({ path: await reports.share(sessionOf(req).userId, req.params.id) }, TaskCenterMessages.shareCreated),
  );
  app.delete(`${ToolPaths.reportPage}/:id/share`, { preHandler: auth, schema: { params: ReportParams, response: { 200: shareReply } } }, async (req) => {
    await reports.revoke(sessionOf(req).userId, req.params.id);
    return ok({ path: null }, TaskCenterMessages.shareStopped);
  });

  // A shared report: the same page and downloads, no login, no share controls.
  app.get(`${TaskPaths.sharePage}/:token`, { schema: { params: ShareParams } }, async (req, reply) =>
    page(
      reply,
      () => sharedReport(req.params.token),
      async () => ({ base: ReportService.shareBase(req.params.token), share: null }),
    ),
  );
  app.get(`${TaskPaths.sharePage}/:token/download/:kind/:name`, { schema: { params: ShareParams.merge(DownloadParams), querystring: FigureQuery } }, async (req, reply) =>
    download(reply, await sharedReport(req.params.token), req.params.kind, req.params.name, req.query.fo),
  );
};
