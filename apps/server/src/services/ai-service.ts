// AI interpretation (issue 17, DESIGN §8): models, question templates, history, and the streamed
// dialogue about a report its owner asks. Every reply ends with a grounding check, and is stored
// with the numbers it marked.
import {
  AiMessage,
  BUILTIN_MODEL,
  type DialogueEvent,
  type QuestionTemplate,
} from '@labstat/contracts';
import { questionsFile, toolById, ungroundedNumbers } from '@labstat/tools';
import type { FastifyBaseLogger } from 'fastify';
import fs from 'node:fs';
import type { AiSettings } from '../config.js';
import { badRequest, notFound, tooMany } from '../errors.js';
import { formatBeijing, beijingDayStart } from '../lib/time.js';
import { AiUpstreamError, type AiProvider, type ChatTurn } from '../providers/ai/ai-provider.js';
import type { AiRepo } from '../repositories/ai-repo.js';
import type { TasksRepo } from '../repositories/tasks-repo.js';
import type { UsersRepo } from '../repositories/users-repo.js';
import { buildTurns, type AttachedFile } from './ai-context.js';
import type { FileService } from './file-service.js';
import { TIER_LABEL, tierOf } from './membership.js';
import type { RateLimiter } from './rate-limiter.js';
import type { ReportService } from './report-service.js';
import { Semaphore } from '../lib/semaphore.js';
import type { ToolService } from './tool-service.js';

export const AiMessages = {
  unknownModel: '所选模型不可用，请重新选择模型',
  noTask: '任务不存在',
  tooFast: '提问过于频繁，请稍后再试',
  quota: (label: string, n: number) => `今日 AI 解读次数已用完（${label}每日 ${n} 次），请明天再来；内置的“${BUILTIN_MODEL}”不受此限制`,
} as const;

const DEFAULT_USER_AVATAR = '/static/ai/user.svg';
const DEFAULT_MODEL_AVATAR = '/static/ai/model.svg';
/** Earlier turns an external model sees (question + reply pairs). */
const EARLIER_TURNS = 6;

/** A dialogue ready to stream: all checks passed, the question stored. */
export interface PreparedDialogue {
  events(signal: AbortSignal): AsyncIterable<DialogueEvent>;
}

export class AiService {
  private readonly templates = new Map<number, QuestionTemplate[]>();
  /** Per-user mutual exclusion for the quota check (any number of users at once, one question each). */
  private readonly quotaLock = new Semaphore(Number.MAX_SAFE_INTEGER, 1);

  constructor(
    private readonly repo: AiRepo,
    private readonly tasks: TasksRepo,
    private readonly users: UsersRepo,
    private readonly reports: ReportService,
    private readonly files: FileService,
    private readonly tools: ToolService,
    private readonly limiter: RateLimiter,
    readonly providers: readonly AiProvider[],
    private readonly settings: AiSettings,
    private readonly now: () => number,
    private readonly log: () => FastifyBaseLogger | null,
  ) {}

  /** GET /ai/v2/apiType: the built-in interpreter first, then configured models. */
  models() {
    return this.providers.map((p) => ({ name: p.name, avatar: p.avatar }));
  }

  /** GET /ai/v2/question?toolid: the tool folder's question templates. */
  async questions(toolId: number): Promise<QuestionTemplate[]> {
    await this.tools.tool(toolId);
    const hit = this.templates.get(toolId);
    if (hit) return hit;
    const d = toolById(toolId)!.definition;
    let list: QuestionTemplate[] = [];
    try {
      list = JSON.parse(await fs.promises.readFile(questionsFile(d.family, d.key), 'utf8')) as QuestionTemplate[];
    } catch {
      list = [];
    }
    this.templates.set(toolId, list);
    return list;
  }

  /** GET /ai/v2/history?taskId: the owner's chat about a task, oldest first. */
  async history(userId: number, taskid: string): Promise<AiMessage[]> {
    const task = await this.tasks.byId(taskid);
    if (!task || task.user_id !== userId) throw notFound(AiMessages.noTask);
    const user = await this.users.byId(userId);
    const rows = await this.repo.history(userId, taskid);
    return rows.map((r) => ({
      role: r.role,
      content: r.content,
      avatar: r.role === 'user' ? user?.avatar || DEFAULT_USER_AVATAR : (this.providers.find((p) => p.name === r.model)?.avatar ?? DEFAULT_MODEL_AVATAR),
      model: r.model,
      marks: JSON.parse(r.marks) as string[],
      incomplete: r.incomplete === 1,
      create_time: formatBeijing(Number(r.created_at)),
    }));
  }

  /**
   * POST /ai/v2/report/dialogue, before the stream starts: the model exists, the report is the
   * user's, the rate and the daily quota allow it, attachments are the user's files. Throws the
   * envelope's error otherwise; on success the question is stored and the reply can stream.
   */
  async prepare(userId: number, body: { message: string; apiType: string; reportid: string; attachments: string[] }): Promise<PreparedDialogue> {
    const provider = this.providers.find((p) => p.name === body.apiType);
    if (!provider) throw badRequest(AiMessages.unknownModel);
    const { row, report } = await this.reports.own(userId, body.reportid);
    const attached: AttachedFile[] = [];
    for (const fid of new Set(body.attachments)) {
      const f = await this.files.forAnalysis(userId, fid);
      attached.push({ filename: f.filename, rows: f.rows, variables: f.variables });
    }
    const reservation = await this.limiter.reserve([{ key: `ai:${userId}`, limit: this.settings.perMinute, windowMs: 60_000, message: AiMessages.tooFast }]);
    const now = this.now();
    const earlier = provider.external ? await this.earlierTurns(userId, row.taskid) : [];
    // One user's questions pass the quota check one at a time on this instance: stored, then counted,
    // so of simultaneous questions exactly those within the quota go through (none refused early).
    const questionId = await this.quotaLock.run(async () => {
      const id = await this.repo.insert({
        taskid: row.taskid,
        user_id: userId,
        reportid: body.reportid,
        role: 'user',
        content: body.message,
        model: provider.name,
        marks: '[]',
        incomplete: 0,
        external: provider.external ? 1 : 0,
        created_at: now,
      });
      if (provider.external) {
        const user = await this.users.byId(userId);
        const tier = user ? tierOf(user, now) : 'free';
        const limit = this.settings.dailyQuota[tier];
        if ((await this.repo.externalQuestionsSince(userId, beijingDayStart(now))) > limit) {
          await this.repo.remove(id);
          await reservation.release();
          throw tooMany(AiMessages.quota(TIER_LABEL[tier], limit));
        }
      }
      return id;
    }, String(userId));
    const replyId = await this.repo.insert({
      taskid: row.taskid,
      user_id: userId,
      reportid: body.reportid,
      role: 'system',
      content: '',
      model: provider.name,
      marks: '[]',
      // Until the reply ends: a server that dies mid-reply leaves it marked incomplete.
      incomplete: 1,
      external: provider.external ? 1 : 0,
      created_at: now,
    });
    const turns = provider.external ? buildTurns(report, attached, earlier, body.message) : [];
    const repo = this.repo;
    const log = this.log;
    return {
      async *events(signal: AbortSignal): AsyncIterable<DialogueEvent> {
        let text = '';
        let incomplete = false;
        try {
          for await (const piece of provider.stream({ turns, report, question: body.message }, signal)) {
            text += piece;
            yield { delta: piece };
          }
          if (signal.aborted) incomplete = true;
        } catch (err) {
          incomplete = true;
          if (err instanceof AiUpstreamError) log()?.warn({ model: provider.name, reportid: body.reportid, msg: err.message }, 'AI reply ended early');
          else log()?.error({ err, model: provider.name }, 'AI reply failed');
        }
        if (incomplete && text === '' && provider.external) await repo.refund(questionId).catch(() => undefined);
        const marks = ungroundedNumbers(text, report);
        await repo.finish(replyId, text, marks, incomplete).catch((err: unknown) => log()?.error({ err }, 'AI reply not stored'));
        yield { marks, model: provider.name, incomplete };
      },
    };
  }

  private async earlierTurns(userId: number, taskid: string): Promise<ChatTurn[]> {
    const rows = (await this.repo.history(userId, taskid, EARLIER_TURNS * 2)).filter((r) => r.content !== '');
    return rows.map((r) => ({ role: r.role === 'user' ? 'user' : 'assistant', content: r.content }));
  }
}
