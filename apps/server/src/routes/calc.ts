// Calculation tools (spec 01 §7: /anatools/v2/calc-tool/*): the tree, a tool's table and form, a
// submission, and the pages the screen frames — the result (also saved by 下载结果) and the manual
// the help drawer shows. Visitors may calculate; a logged-in user's results are marked theirs.
import { CalcIdQuery, CalcListData, CalcParamsData, CalcPaths, CalcResultData, CalcSubmitBody, HelpPaths, envelopeSchema, ok } from '@labstat/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../errors.js';
import { escapeHtml } from '../lib/html.js';
import { optionalAuth } from '../plugins/auth.js';
import { chartSvg } from '../reports/chart-render.js';
import { staticReportHtml } from '../reports/report-html.js';
import { HELP_PAGE_CSP } from '../services/content-service.js';
import type { Services } from '../services/container.js';

/** Result pages run nothing: charts are inline SVG, styles inline. */
const RESULT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

const messagePage = (message: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>计算结果</title></head><body style="font-family:sans-serif;color:#888;text-align:center;padding-top:80px">${escapeHtml(message)}</body></html>`;

export const calcRoutes: FastifyPluginAsyncZod<{ services: Services }> = async (app, { services }) => {
  const calc = services.calc;

  app.get(CalcPaths.list, { schema: { response: { 200: envelopeSchema(CalcListData) } } }, async () => ok(calc.list()));

  app.get(CalcPaths.params, { schema: { querystring: CalcIdQuery, response: { 200: envelopeSchema(CalcParamsData) } } }, async (req) => ok(calc.params(req.query.toolid)));

  app.post(
    CalcPaths.submit,
    { preHandler: optionalAuth(services.sessions), schema: { body: CalcSubmitBody, response: { 200: envelopeSchema(CalcResultData) } } },
    async (req) => ok(await calc.submit({ userId: req.session?.userId ?? null, ip: req.ip }, req.body), '计算完成'),
  );

  app.get(`${CalcPaths.resultPage}/:id/:name`, { schema: { params: z.object({ id: z.string().max(64), name: z.string().max(200) }) } }, async (req, reply) => {
    reply.type('text/html; charset=utf-8').header('Content-Security-Policy', RESULT_CSP).header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'private, max-age=600');
    if (!/^[0-9a-f]{24}$/.test(req.params.id)) return reply.code(404).send(messagePage('计算结果不存在'));
    try {
      return reply.send(staticReportHtml(await calc.result(req.params.id), (option) => chartSvg(option)));
    } catch (err) {
      if (err instanceof AppError) return reply.code(err.status).send(messagePage(err.message));
      throw err;
    }
  });

  app.get(`${CalcPaths.manualPage}/:toolid`, { schema: { params: z.object({ toolid: z.coerce.number().int().positive() }) } }, async (req, reply) => {
    const page = await calc.manualPage(req.params.toolid);
    return reply
      .type('text/html; charset=utf-8')
      .header('Content-Security-Policy', HELP_PAGE_CSP)
      .header('Cache-Control', 'no-cache')
      .send(
        `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)} - LabStat</title><link rel="stylesheet" href="${HelpPaths.helpPages}/help.css"></head><body><main>${page.body}</main></body></html>`,
      );
  });
};
