// Operators' side of the tool catalogue (issue 24): switch a tool off or on, set its VIP level, its
// place in the lists ("hot order") and a manual of their own, and its video through VideoService.
// All are columns seeding never writes, read on every request: they apply without a restart and
// survive re-seeding.
import { OpsMessages, type OpsTool } from '@labstat/contracts';
import { toolById } from '@labstat/tools';
import { notFound } from '../../errors.js';
import { formatBeijing } from '../../lib/time.js';
import type { OpsRepo, OpsToolRow } from '../../repositories/ops-repo.js';
import { effectiveLevel } from '../tool-service.js';
import type { VideoService } from '../video-service.js';
import type { Actor, AuditService } from './audit-service.js';

type Level = 0 | 1 | 2;
const level = (v: number | null): Level | null => (v === 0 || v === 1 || v === 2 ? v : null);

export class CatalogueOps {
  constructor(
    private readonly repo: OpsRepo,
    private readonly videos: Pick<VideoService, 'attach' | 'clear'>,
    private readonly audit: AuditService,
    private readonly now: () => number,
    /** Told after a change to the tools table commits (the lists' in-memory catalogue). */
    private readonly changed: () => void = () => {},
  ) {}

  private view(r: OpsToolRow): OpsTool {
    const def = toolById(r.id)?.definition;
    const defaults = def ? effectiveLevel(def, undefined) : ((r.vip === 1 ? 1 : 0) as Level);
    return {
      id: r.id,
      key: r.key,
      name: r.name,
      family: r.family,
      enabled: r.active === 1,
      vip_level: level(r.vip_override) ?? defaults,
      default_vip_level: defaults,
      vip_override: level(r.vip_override),
      order: r.sort_override ?? r.sort,
      hot_order: r.sort_override,
      manual_override: r.manual_override,
      has_video: r.video_file_id !== null,
      update_time: formatBeijing(r.updated_at),
    };
  }

  async list(q: { q: string; family: string; page: number; limit: number }): Promise<{ list: OpsTool[]; count: number }> {
    const { rows, count } = await this.repo.tools(q.q, q.family, (q.page - 1) * q.limit, q.limit);
    return { list: rows.map((r) => this.view(r)), count };
  }

  private async row(id: number): Promise<OpsToolRow> {
    const r = await this.repo.tool(id);
    if (!r) throw notFound(OpsMessages.toolNotFound);
    return r;
  }

  async update(
    actor: Actor,
    b: { id: number; enabled?: boolean | undefined; vip_override?: Level | null | undefined; hot_order?: number | null | undefined; manual_override?: string | null | undefined; reason: string },
  ): Promise<OpsTool> {
    const before = this.view(await this.row(b.id));
    const patch: { active?: number; vip_override?: number | null; sort_override?: number | null; manual_override?: string | null } = {};
    if (b.enabled !== undefined) patch.active = b.enabled ? 1 : 0;
    if (b.vip_override !== undefined) patch.vip_override = b.vip_override;
    if (b.hot_order !== undefined) patch.sort_override = b.hot_order;
    if (b.manual_override !== undefined) patch.manual_override = b.manual_override === null || b.manual_override.trim() === '' ? null : b.manual_override;
    const after = await this.repo.kysely.transaction().execute(async (trx) => {
      await this.repo.updateTool(b.id, patch, this.now(), trx);
      const after = this.view((await this.repo.tool(b.id, trx))!);
      await this.audit.record(actor, { action: 'tool.update', target: `tool:${b.id}`, before, after, reason: b.reason }, trx);
      return after;
    });
    this.changed();
    return after;
  }

  async videoAttach(actor: Actor, id: number, file: string): Promise<void> {
    const before = this.view(await this.row(id));
    const r = await this.videos.attach(id, file);
    await this.audit.record(actor, { action: 'tool.video', target: `tool:${id}`, before: { has_video: before.has_video }, after: { has_video: true, contentType: r.contentType, size: r.size } });
  }

  async videoClear(actor: Actor, id: number, reason: string): Promise<void> {
    await this.row(id);
    const had = await this.videos.clear(id);
    await this.audit.record(actor, { action: 'tool.video.clear', target: `tool:${id}`, before: { has_video: had }, after: { has_video: false }, reason });
  }
}
