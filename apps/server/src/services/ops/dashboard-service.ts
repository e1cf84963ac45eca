// The operator dashboard (issue 24): per Beijing day over the chosen range — new users, active
// users, analyses, failures, revenue — plus failures per tool with their messages, the job queue
// and storage. Counts only: no user's data or report is read.
import { yuan, type DashboardData } from '@labstat/contracts';
import { DAY_MS, formatBeijing } from '../../lib/time.js';
import type { OpsRepo } from '../../repositories/ops-repo.js';

const BEIJING_OFFSET_MS = 8 * 60 * 60 * 1000;

export class DashboardService {
  constructor(
    private readonly repo: OpsRepo,
    private readonly now: () => number,
  ) {}

  async data(days: number): Promise<DashboardData> {
    const now = this.now();
    const today = Math.floor((now + BEIJING_OFFSET_MS) / DAY_MS);
    const first = today - days + 1;
    const since = first * DAY_MS - BEIJING_OFFSET_MS;
    const [newUsers, active, tasks, revenue, failures, queue, storage, totalFen] = await Promise.all([
      this.repo.newUsersByDay(since),
      this.repo.activeUsersByDay(since),
      this.repo.tasksByDay(since),
      this.repo.revenueByDay(since),
      this.repo.failures(since),
      this.repo.queue(since),
      this.repo.storage(),
      this.repo.totalRevenueFen(),
    ]);
    const list: DashboardData['days'] = [];
    for (let d = first; d <= today; d++) {
      list.push({
        date: formatBeijing(d * DAY_MS - BEIJING_OFFSET_MS).slice(0, 10),
        newUsers: newUsers.get(d) ?? 0,
        activeUsers: active.get(d) ?? 0,
        analyses: tasks.get(d)?.all ?? 0,
        failures: tasks.get(d)?.failed ?? 0,
        revenue: yuan(revenue.get(d) ?? 0),
      });
    }
    const byTool = new Map<number, DashboardData['failuresByTool'][number]>();
    for (const f of failures) {
      const t = byTool.get(f.toolId) ?? { toolId: f.toolId, name: f.name, failures: 0, messages: [] };
      t.failures += f.n;
      t.messages.push({ message: f.message, count: f.n });
      byTool.set(f.toolId, t);
    }
    const failuresByTool = [...byTool.values()]
      .map((t) => ({ ...t, messages: t.messages.sort((a, b) => b.count - a.count).slice(0, 5) }))
      .sort((a, b) => b.failures - a.failures || a.toolId - b.toolId);
    return {
      days: list,
      failuresByTool,
      queue: {
        waiting: queue.waiting,
        running: queue.running,
        oldestWaitSeconds: queue.oldestWaiting === null ? 0 : Math.max(0, Math.round((now - queue.oldestWaiting) / 1000)),
        avgWaitSeconds: Math.round(queue.avgWaitMs / 100) / 10,
      },
      storage: { files: storage.files, fileBytes: storage.bytes, reports: storage.reports },
      totals: { users: storage.users, revenue: yuan(totalFen) },
    };
  }
}
