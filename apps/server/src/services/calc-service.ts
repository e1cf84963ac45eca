// Calculation tools (spec 01 §2 /calculate/index, issue 19): the tree, a tool's example table and
// form, and a submission's result page. Visitors may calculate too (the page is on the free list),
// so submissions are rate-limited per user or per address. Results are kept for RESULT_DAYS.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { CalcMessages, CalcPaths, Report, ResultCode, type CalcListData, type CalcParamsData, type CalcResultData, type CalcSubmitBody } from '@labstat/contracts';
import { calcParams, calcToolById, calcTree, manualFile, type CalcTool } from '@labstat/tools';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { AppError, badRequest, notFound } from '../errors.js';
import { JobFailure, type JobPool } from '../jobs/job-pool.js';
import { markdownHtml } from '../lib/html.js';
import type { CalcRepo } from '../repositories/calc-repo.js';
import { safeFileName } from '../reports/report-facts.js';
import type { RateLimiter } from './rate-limiter.js';

export const RESULT_DAYS = 30;
const DAY = 24 * 60 * 60 * 1000;
const PER_MINUTE = 60;
const newId = () => crypto.randomBytes(12).toString('hex');
/** Visitors' jobs queue fairly by address: a negative number no user id can be. */
const visitorKey = (ip: string) => -(crypto.createHash('sha256').update(ip).digest().readUInt32BE(0) + 1);

export class CalcService {
  private lastSweep = 0;

  constructor(
    private readonly repo: CalcRepo,
    private readonly limiter: RateLimiter,
    private readonly jobs: JobPool,
    private readonly engineVersion: string,
    private readonly now: () => number,
    private readonly log: () => FastifyBaseLogger | null,
  ) {}

  list(): CalcListData {
    return { calctoolList: calcTree() };
  }

  private tool(toolid: number): CalcTool {
    const t = calcToolById(toolid);
    if (!t) throw notFound(CalcMessages.notFound);
    return t;
  }

  params(toolid: number): CalcParamsData {
    const t = this.tool(toolid);
    return { ...calcParams(t), manual_url: `${CalcPaths.manualPage}/${t.definition.id}` };
  }

  /** The manual page the help drawer shows. */
  async manualPage(toolid: number): Promise<{ title: string; body: string }> {
    const d = this.tool(toolid).definition;
    return { title: d.name, body: markdownHtml(await fs.promises.readFile(manualFile('calc', d.key), 'utf8')) };
  }

  async submit(who: { userId: number | null; ip: string }, body: z.output<typeof CalcSubmitBody>): Promise<CalcResultData> {
    const t = this.tool(body.toolid);
    const d = t.definition;
    await this.limiter.reserve([{ key: who.userId ? `calc:user:${who.userId}` : `calc:ip:${who.ip}`, limit: PER_MINUTE, windowMs: 60_000, message: '计算过于频繁，请稍后再试' }]);
    // In the job pool: a large exact test must not hold up the server's other requests.
    const id = newId();
    let ran;
    try {
      ran = await this.jobs.run(
        { toolId: d.id, set: { rows: 0, variables: [], columns: {} }, params: {}, calc: { rows: body.data, form: body.form } },
        { user: who.userId ?? visitorKey(who.ip), id },
      );
    } catch (err) {
      if (err instanceof JobFailure && err.reason === 'timeout') throw new AppError(ResultCode.serverError, '计算超时：表格过大或计算过于复杂，请减少数据后重试', 500);
      throw err;
    }
    if (!ran.ok) {
      if (ran.internal) {
        this.log()?.error({ toolid: d.id, err: ran.message }, 'calculation failed');
        throw new AppError(ResultCode.serverError, '计算出错，我们已记录该问题，请稍后重试', 500);
      }
      throw badRequest(ran.message);
    }
    const output = ran.output;
    const report: Report = Report.parse({
      ...output,
      tool: { key: d.key, name: d.name, version: d.version },
      parameters: Object.fromEntries(Object.entries(body.form).filter(([k]) => d.fields.some((f) => f.filed === k))),
      dataFingerprint: crypto.createHash('sha256').update(JSON.stringify(body.data)).digest('hex'),
      engineVersion: this.engineVersion,
      createdAt: this.now(),
    });
    await this.repo.insert({ id, user_id: who.userId, tool_id: d.id, report: JSON.stringify(report), created_at: this.now() });
    await this.sweep();
    return { result: `${CalcPaths.resultPage}/${id}/${encodeURIComponent(`${safeFileName(d.name)}.html`)}` };
  }

  /** A stored result; an unknown or swept id is the expired message. */
  async result(id: string): Promise<Report> {
    const row = await this.repo.byId(id);
    if (!row) throw notFound(CalcMessages.resultGone);
    return Report.parse(JSON.parse(row.report));
  }

  private async sweep(): Promise<void> {
    const now = this.now();
    if (now - this.lastSweep < 60 * 60 * 1000) return;
    this.lastSweep = now;
    await this.repo.deleteOlderThan(now - RESULT_DAYS * DAY);
  }
}
