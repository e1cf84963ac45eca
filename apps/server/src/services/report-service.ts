// Reports after the analysis (DESIGN §5): reading them for their owner or through a share link,
// the downloads (Word, Excel, chart PNG/SVG, JSON) made once in an export worker and kept in the
// object store, and share links that work without login until revoked.
import crypto from 'node:crypto';
import { DEFAULT_FIGURE_OPTIONS, ResultCode, TaskCenterMessages, TaskPaths, ToolPaths, type FigureOptions, type Report } from '@labstat/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, notFound } from '../errors.js';
import { charts, type ExportFormat } from '../jobs/export-job.js';
import { JobFailure, type JobPool } from '../jobs/job-pool.js';
import type { ChartFonts } from '../reports/chart-render.js';
import { downloadPath } from '../reports/report-facts.js';
import type { ReportRow, TasksRepo } from '../repositories/tasks-repo.js';
import { ObjectNotFound, readAll, type ObjectStore } from '../storage/object-store.js';

export const ReportMessages = {
  missing: '报告不存在或已被删除',
  noChart: '该报告没有这张图',
  exportFailed: '报告文件生成失败，请稍后重试',
  badFigure: '图形设置无效，请重新选择后再下载',
} as const;

/** What a download URL names after /download/: docx, xlsx, json, pptx, or {png|png600|tiff|tiff600|svg|pdf}-{n}. */
export type DownloadKind = 'docx' | 'xlsx' | 'json' | 'pptx' | `${'png' | 'png600' | 'tiff' | 'tiff600' | 'svg' | 'pdf'}-${number}`;
export const DOWNLOAD_KIND = /^(docx|xlsx|json|pptx|(png|png600|tiff|tiff600|svg|pdf)-(\d{1,3}))$/;

const CONTENT_TYPES: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  json: 'application/json; charset=utf-8',
  png: 'image/png',
  png600: 'image/png',
  tiff: 'image/tiff',
  tiff600: 'image/tiff',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

/** Bumped when an output's layout changes, so files made by older code are made again. */
const EXPORT_VERSION = 'export-v2';

/** A short stable name of non-default figure options, for the store key of what they made. */
function figureKey(fo: FigureOptions | undefined): string {
  if (!fo) return 'default';
  const json = JSON.stringify(fo);
  return json === JSON.stringify(DEFAULT_FIGURE_OPTIONS) ? 'default' : crypto.createHash('sha256').update(json).digest('hex').slice(0, 16);
}

export interface LoadedReport {
  row: ReportRow;
  report: Report;
}

export interface Download {
  bytes: Buffer;
  contentType: string;
}

export class ReportService {
  /** Downloads being made now, by store key: concurrent first requests share one build. */
  private readonly building = new Map<string, Promise<Buffer>>();

  constructor(
    private readonly repo: TasksRepo,
    private readonly store: ObjectStore,
    private readonly pool: JobPool,
    private readonly fonts: ChartFonts | null,
    private readonly now: () => number,
    private readonly log: () => FastifyBaseLogger | null,
  ) {}

  private async read(row: ReportRow): Promise<LoadedReport> {
    try {
      return { row, report: JSON.parse((await readAll(this.store, row.report_key)).toString('utf8')) as Report };
    } catch (err) {
      if (err instanceof ObjectNotFound) throw notFound(ReportMessages.missing);
      throw err;
    }
  }

  /** A report for its owner only; anyone else hears it does not exist. */
  async own(userId: number, reportid: string): Promise<LoadedReport> {
    return this.read(await this.ownRow(userId, reportid));
  }

  /** A report through its share link: unknown and revoked links say which they are. */
  async shared(token: string): Promise<LoadedReport> {
    const share = await this.repo.shareByToken(token);
    if (!share) throw notFound(TaskCenterMessages.shareUnknown);
    if (share.revoked_at !== null) throw new AppError(ResultCode.notFound, TaskCenterMessages.shareRevoked, 410);
    const row = await this.repo.reportById(share.reportid);
    if (!row) throw notFound(TaskCenterMessages.shareUnknown);
    return this.read(row);
  }

  static ownerBase = (reportid: string) => `${ToolPaths.reportPage}/${reportid}`;
  static shareBase = (token: string) => `${TaskPaths.sharePage}/${token}`;

  /** POST /anatools/v2/getresult: makes the Word document now, so a failure shows as 下载失败 here. */
  async wordPath(userId: number, reportid: string): Promise<string> {
    const loaded = await this.own(userId, reportid);
    await this.file(loaded, 'docx');
    return downloadPath(ReportService.ownerBase(reportid), loaded.report, 'docx');
  }

  /** The bytes of a download, made on first request and kept beside the report. */
  async file({ row, report }: LoadedReport, kind: DownloadKind, figure?: FigureOptions): Promise<Download> {
    if (kind === 'json') return { bytes: Buffer.from(JSON.stringify(report)), contentType: CONTENT_TYPES.json! };
    const m = /^(png|png600|tiff|tiff600|svg|pdf)-(\d+)$/.exec(kind);
    const format = (m ? m[1] : kind) as ExportFormat;
    const chart = m ? Number(m[2]) : undefined;
    const count = charts(report).length;
    if ((chart !== undefined && chart >= count) || (format === 'pptx' && count === 0)) throw notFound(ReportMessages.noChart);
    // The workbook has no figures; everything else depends on the figure options.
    const fkey = format === 'xlsx' ? 'default' : figureKey(figure);
    const key = `reports/${row.reportid}/${EXPORT_VERSION}/${fkey}/${m ? `chart-${chart}.${format}` : `report.${format}`}`;
    const contentType = CONTENT_TYPES[format]!;
    try {
      return { bytes: await readAll(this.store, key), contentType };
    } catch (err) {
      if (!(err instanceof ObjectNotFound)) throw err;
    }
    let build = this.building.get(key);
    if (!build) {
      build = this.build(row.reportid, kind, key, contentType, () => this.pool.export({ report, format, chart, fonts: this.fonts, figure })).finally(() => this.building.delete(key));
      this.building.set(key, build);
    }
    return { bytes: await build, contentType };
  }

  /** Makes one download in the export worker and keeps it in the store. */
  private async build(reportid: string, kind: DownloadKind, key: string, contentType: string, make: () => Promise<Buffer>): Promise<Buffer> {
    let bytes: Buffer;
    try {
      bytes = await make();
    } catch (err) {
      if (!(err instanceof JobFailure)) throw err;
      this.log()?.error({ reportid, kind, reason: err.reason, err: err.message }, 'report export failed');
      throw new AppError(ResultCode.serverError, ReportMessages.exportFailed);
    }
    await this.store.putBytes(key, bytes, contentType);
    return bytes;
  }

  /** The report's live share link, if any, for its owner. */
  async sharePath(userId: number, reportid: string): Promise<string | null> {
    return this.liveSharePath((await this.ownRow(userId, reportid)).reportid);
  }

  /** The live share link of a report whose ownership the caller has already checked. */
  async liveSharePath(reportid: string): Promise<string | null> {
    const s = await this.repo.activeShare(reportid);
    return s ? ReportService.shareBase(s.token) : null;
  }

  /** Creates the share link, or answers the live one (a double click makes one link, not two). */
  async share(userId: number, reportid: string): Promise<string> {
    await this.ownRow(userId, reportid);
    const live = await this.liveSharePath(reportid);
    if (live) return live;
    const token = crypto.randomBytes(24).toString('base64url');
    await this.repo.insertShare({ token, reportid, user_id: userId, created_at: this.now(), revoked_at: null });
    return ReportService.shareBase(token);
  }

  async revoke(userId: number, reportid: string): Promise<void> {
    await this.ownRow(userId, reportid);
    await this.repo.revokeShares(reportid, this.now());
  }

  private async ownRow(userId: number, reportid: string): Promise<ReportRow> {
    const row = await this.repo.reportById(reportid);
    if (!row || row.user_id !== userId) throw notFound(ReportMessages.missing);
    return row;
  }
}
