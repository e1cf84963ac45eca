// The tool catalogue as the API serves it: seeding from packages/tools, search lists, classes,
// favourites, the tool detail with its steps and fields, manuals, run times and videos.
import { tierOf, toolAllowed } from './membership.js';
import fs from 'node:fs';
import {
  ResultCode,
  TOOL_LEVELS,
  ToolMessages,
  ToolPaths,
  type FieldValue,
  type Step,
  type ToolClass,
  type ToolDetail,
  type ToolListItem,
} from '@labstat/contracts';
import {
  CATEGORIES,
  EXAMPLE_FILES,
  TOOLS,
  classId,
  formFields,
  groupId,
  manualFile,
  parseStepId,
  stepId,
  toolById,
  type CategoryNode,
  type Tool,
  type ToolDefinition, ADVANCED_MENU } from '@labstat/tools';
import { AppError, notFound } from '../errors.js';
import type { ToolRow, ToolSearch, ToolsRepo } from '../repositories/tools-repo.js';
import { filterRows, type CatalogueCache } from './catalogue-cache.js';
import type { UsersRepo } from '../repositories/users-repo.js';
import type { FileService } from './file-service.js';
import { escapeHtml, markdownHtml } from '../lib/html.js';
import type { TasksRepo } from '../repositories/tasks-repo.js';
import type { VideoService, VideoSignature } from './video-service.js';

/** The field key a data step's file goes under in a submission's `file` map. */
export const DATA_FILED = 'data';

export const ALL_CLASS = 'all';
const allClass = (level1: string): ToolClass => ({ id: classId(level1, ALL_CLASS), name: ALL_CLASS, name_zh: '全部', title: '全部', children: [] });

export interface Viewer {
  userId: number | null;
}

/** A list request's query (SearchToolsQuery as parsed). */
export interface ListQuery {
  toolname: string;
  toolcalss: string;
  isFavor: boolean;
  level1: string;
  page: number;
  limit: number;
}

export class ToolService {
  constructor(
    private readonly repo: ToolsRepo,
    private readonly users: UsersRepo,
    private readonly files: FileService,
    private readonly now: () => number,
    private readonly cserviceUrl: string,
    private readonly tasks: TasksRepo,
    private readonly videos: Pick<VideoService, 'signature'>,
    /** The active rows in memory for the lists; invalidate it after writing the tools table. */
    readonly catalogue: CatalogueCache,
  ) {}

  /** The submission saved with the viewer's own task of this tool, to re-show its form. */
  private async saved(viewer: Viewer, taskId: string, toolId: number) {
    if (!taskId || viewer.userId === null) return null;
    const t = await this.tasks.byId(taskId);
    if (!t || t.user_id !== viewer.userId || t.tool_id !== toolId) return null;
    return {
      params: JSON.parse(t.params) as Record<string, FieldValue>,
      task: {
        taskid: t.taskid,
        status: t.status,
        reportid: t.report_id,
        report: t.report_id ? `${ToolPaths.reportPage}/${t.report_id}` : null,
        payload: JSON.parse(t.payload) as unknown,
      },
    };
  }

  /** Mirrors the registry into the database; ids are the definitions' own, so they never move. */
  async seed(): Promise<void> {
    await this.repo.upsert(
      TOOLS.map(({ definition: d }, i) => ({
        id: d.id,
        key: d.key,
        family: d.family,
        name: d.name,
        subname: d.subname,
        description: d.description,
        categories: JSON.stringify(d.categories),
        difficulty: d.difficulty,
        methods: JSON.stringify(d.methods),
        vip: d.vip ? 1 : 0,
        running_time: d.runningTime,
        version: d.version,
        sort: i,
        updated_at: this.now(),
      })),
    );
    this.catalogue.invalidate();
  }

  /**
   * The repo filters of a list request. Standard lists (`advanced` false) are the families of
   * TOOL_LEVELS and never show advanced tools; advanced lists are the advanced family, `level1`
   * naming the menu item (empty: every item, as the advanced favourites list asks).
   */
  private filters(viewer: Viewer, q: ListQuery, advanced: boolean): ToolSearch {
    const family = advanced ? 'advanced' : TOOL_LEVELS.some((l) => l.key === q.level1) ? q.level1 : null;
    const menu = advanced && ADVANCED_MENU.some((m) => m.name === q.level1) ? q.level1 : null;
    if (q.isFavor && viewer.userId === null) throw new AppError(ResultCode.tokenInvalid, '请先登录');
    return {
      family,
      excludeFamily: advanced ? null : 'advanced',
      menu,
      category: q.toolcalss && q.toolcalss !== ALL_CLASS ? q.toolcalss : null,
      name: q.toolname.trim(),
      favoritesOf: q.isFavor ? viewer.userId : null,
      offset: (q.page - 1) * q.limit,
      limit: q.limit,
    };
  }

  /**
   * Whether the in-memory snapshot answers these filters. A name search stays on SQL: its LIKE is
   * case-folded differently per database (SQLite folds ASCII only, PostgreSQL nothing) and has no
   * ESCAPE clause, which memory would have to copy exactly; favourites lists are per user.
   */
  private fromMemory(f: ToolSearch): boolean {
    return this.catalogue.enabled && f.name === '' && f.favoritesOf === null;
  }

  /** A page of a tool list; the viewer's favourites marked. */
  async search(viewer: Viewer, q: ListQuery, advanced = false): Promise<{ list: ToolListItem[]; count: number }> {
    const f = this.filters(viewer, q, advanced);
    const { rows, count } = this.fromMemory(f) ? filterRows((await this.catalogue.snapshot()).rows, f) : await this.repo.search(f);
    const favs = viewer.userId === null ? new Set<number>() : await this.repo.favoriteIds(viewer.userId, rows.map((r) => r.id));
    return { list: rows.map((r) => listItem(r, favs.has(r.id))), count };
  }

  /**
   * A visitor's page of a tool list as the response body `render` makes of it, made once per
   * catalogue snapshot; null when the snapshot does not answer the request (search it instead).
   */
  async visitorPage(q: ListQuery, advanced: boolean, render: (page: { list: ToolListItem[]; count: number }) => string): Promise<string | null> {
    const f = this.filters({ userId: null }, q, advanced);
    if (!this.fromMemory(f)) return null;
    const snap = await this.catalogue.snapshot();
    const key = JSON.stringify([f.family, f.excludeFamily, f.menu, f.category, f.offset, f.limit]);
    return this.catalogue.response(snap, key, () => {
      const { rows, count } = filterRows(snap.rows, f);
      return render({ list: rows.map((r) => listItem(r, false)), count });
    });
  }

  /** Category buttons of a family: 全部 first, then the tree. */
  classes(level1: string): ToolClass[] {
    const family = (TOOL_LEVELS.find((l) => l.key === level1)?.key ?? 'med') as ToolDefinition['family'];
    const node = (c: CategoryNode): ToolClass => ({
      id: classId(family, c.name),
      name: c.name,
      name_zh: c.name_zh,
      title: c.name_zh,
      children: (c.children ?? []).map(node),
    });
    return [allClass(family), ...CATEGORIES[family].map(node)];
  }

  /** Category buttons of an advanced menu item: 全部, then the item's categories (catalogue.ts). */
  advancedClasses(level1: string): ToolClass[] {
    const item = CATEGORIES.advanced.find((c) => c.name === level1);
    const node = (c: CategoryNode): ToolClass => ({
      id: classId(level1, c.name),
      name: c.name,
      name_zh: c.name_zh,
      title: c.name_zh,
      children: (c.children ?? []).map(node),
    });
    return [allClass(level1), ...(item?.children ?? []).map(node)];
  }

  async star(userId: number, toolId: number, on: boolean): Promise<void> {
    if (!(await this.repo.byId(toolId))) throw notFound(ToolMessages.notFound);
    await this.repo.setFavorite(userId, toolId, on, this.now());
  }

  /** A tool of the catalogue and its row; 404 when unknown. */
  async tool(toolId: number): Promise<{ tool: Tool; row: ToolRow }> {
    const tool = toolById(toolId);
    const row = tool ? await this.repo.byId(toolId) : undefined;
    if (!tool || !row) throw notFound(ToolMessages.notFound);
    return { tool, row };
  }

  async exists(toolId: number): Promise<boolean> {
    return (await this.repo.byId(toolId)) !== undefined;
  }

  /** A tool an operator switched off: as absent as an unknown one, except that submitting says why. */
  async disabled(toolId: number): Promise<boolean> {
    const row = await this.repo.anyById(toolId);
    return row !== undefined && row.active !== 1;
  }

  /** Members use every tool; others only the free ones. The operator's VIP level, when set, wins. */
  async authorized(userId: number | null, def: ToolDefinition, row?: Pick<ToolRow, 'vip_override'>): Promise<boolean> {
    const level = effectiveLevel(def, row ?? (await this.repo.byId(def.id)));
    if (level === 0) return true;
    if (userId === null) return false;
    const u = await this.users.byId(userId);
    return u ? toolAllowed({ vip: level >= 1, svip: level === 2 }, tierOf(u, this.now())) : false;
  }

  async detail(viewer: Viewer, toolId: number, taskId: string): Promise<ToolDetail> {
    const { tool, row } = await this.tool(toolId);
    const d = tool.definition;
    const saved = await this.saved(viewer, taskId, toolId);
    const star = viewer.userId === null ? false : (await this.repo.favoriteIds(viewer.userId, [toolId])).has(toolId);
    const example = EXAMPLE_FILES.find((e) => e.key === d.example)!;
    const exampleRow = await this.files.exampleByKey(example.key);
    const steps: Step[] = d.steps.map((s, i) => {
      const sid = stepId(d, i);
      const fields = formFields(d, i, undefined, saved?.params ?? {});
      return {
        id: sid,
        pid: groupId(d, d.stepGroups.findIndex((g) => g.key === s.group)),
        name: s.name,
        type: s.type,
        identification: s.key,
        toolId: d.id,
        exampleFile: s.type === 'data' && exampleRow ? [{ _fid: exampleRow.fid, filed: DATA_FILED, filename: exampleRow.filename }] : [],
        form_data: fields,
        data_info: s.type === 'data' ? example.description : '',
        tips: s.tips ?? '',
        group: s.type === 'form' ? [{ group_name: s.name, group_ids: fields.map((f) => f.id) }] : [],
      };
    });
    return {
      toolname: d.name,
      subname: d.subname,
      star,
      tool_info: [d.description, `研究方法：${d.methods.join('、')}`, `难度：${'★'.repeat(d.difficulty)}`],
      step_group: d.stepGroups.map((g, i) => ({ id: groupId(d, i), name: g.name, description: g.description, order: i + 1 })),
      step: steps,
      // A re-opened task with a report opens on its form step, where the report shows.
      default_step: (saved?.task.report ? steps.filter((s) => s.type === 'form').at(-1) : undefined)?.id ?? steps[0]!.id,
      notice_panel: { content: d.steps.map((s) => s.notice).filter(Boolean).join('\n') },
      cservice_url: this.cserviceUrl,
      is_authorized: (await this.authorized(viewer.userId, d, row)) ? 1 : 0,
      vip: effectiveLevel(d, row) >= 1,
      runningtime: d.runningTime,
      task: saved ? saved.task : null,
    };
  }

  async stepParams(viewer: Viewer, id: number, taskId: string) {
    const ref = parseStepId(id);
    const { tool } = await this.tool(ref?.toolId ?? 0);
    const d = tool.definition;
    if (!ref || !d.steps[ref.index]) throw notFound('步骤不存在');
    const saved = await this.saved(viewer, taskId, d.id);
    return formFields(d, ref.index, undefined, saved?.params ?? {});
  }

  /** The fields of every form step with the chosen file's columns as options. */
  async stepParamsRule(viewer: Viewer, toolId: number, fid: string, taskId: string) {
    const { tool } = await this.tool(toolId);
    const d = tool.definition;
    const file = await this.files.forAnalysis(viewer.userId, fid);
    const saved = await this.saved(viewer, taskId, toolId);
    let values: Record<string, FieldValue> = saved?.params ?? {};
    if (!saved && file.exampleKey === d.example) values = d.exampleParams ?? {};
    return d.steps.flatMap((s, i) => (s.type === 'form' ? formFields(d, i, file.variables, values) : []));
  }

  async manual(toolId: number): Promise<string> {
    const { tool, row } = await this.tool(toolId);
    const d = tool.definition;
    const md = row.manual_override ?? (await fs.promises.readFile(manualFile(d.family, d.key), 'utf8'));
    return markdownHtml(md);
  }

  async runningTime(toolId: number): Promise<number> {
    return (await this.tool(toolId)).row.running_time;
  }

  /** Status 1 and a short-lived play signature when an operator attached a video (ops video-set). */
  async video(toolId: number): Promise<{ status: number; signature: null | VideoSignature }> {
    const { row } = await this.tool(toolId);
    return row.video_file_id ? { status: 1, signature: this.videos.signature(row.video_file_id) } : { status: 0, signature: null };
  }
}

/** 0 free, 1 member, 2 advanced member: the operator's override, else the definition's. */
export function effectiveLevel(def: Pick<ToolDefinition, 'vip' | 'svip'>, row: Pick<ToolRow, 'vip_override'> | undefined): 0 | 1 | 2 {
  const o = row?.vip_override;
  if (o === 0 || o === 1 || o === 2) return o;
  return def.svip ? 2 : def.vip ? 1 : 0;
}

function listItem(r: ToolRow, favor: boolean): ToolListItem {
  const def = toolById(r.id)?.definition;
  const lit = def?.literature;
  return {
    id: r.id,
    toolname: r.name,
    subname: r.subname,
    level2: lit ? 'complete' : def?.module ? 'module' : '',
    // An advanced tool's list is its menu item (the first of its categories).
    level1: r.family === 'advanced' ? ((JSON.parse(r.categories) as string[])[0] ?? '') : r.family,
    icon: def?.module?.icon ?? `${ToolPaths.icon}/${r.id}.svg`,
    discription: def?.module?.description ?? r.description,
    is_favor: favor,
    vip: r.vip_override !== null ? r.vip_override >= 1 : r.vip === 1,
    info: {
      title: lit?.title ?? '',
      if_score: lit?.impactFactor ?? null,
      fenqu: lit?.partition ?? '',
      paper_link: lit?.link ?? '',
      rating: r.difficulty,
      methods: JSON.parse(r.methods) as string[],
    },
  };
}

const PALETTE = ['#409EFF', '#67C23A', '#E6A23C', '#F56C6C', '#909399', '#8E6FD8'];

/** A small square icon: the tool's first character on a colour picked by its id. */
export function toolIcon(id: number, name: string): string {
  const colour = PALETTE[id % PALETTE.length];
  const ch = escapeHtml([...name][0] ?? '?');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${colour}"/><text x="32" y="43" font-size="30" text-anchor="middle" fill="#fff" font-family="sans-serif">${ch}</text></svg>`;
}
