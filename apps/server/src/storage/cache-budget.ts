// A size budget for the S3 store's local copies (issue 26): the least recently used copies are
// removed once the total passes the budget. A copy used in the last `graceMs` is never removed — a
// reader may have been handed its path and not opened it yet — so the total can stay above the budget
// for a while when every copy is in use.
import fs from 'node:fs';
import path from 'node:path';

interface Entry {
  size: number;
  usedAt: number;
}

export class CacheBudget {
  private readonly entries = new Map<string, Entry>();
  private total = 0;

  constructor(
    private readonly dir: string,
    private readonly maxBytes: number,
    private readonly graceMs = 10 * 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Reads what an earlier run left in the folder (its modification times as the last use). */
  load(): void {
    const found: Array<{ file: string; size: number; usedAt: number }> = [];
    const walk = (d: string) => {
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const p = path.join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith('.part')) fs.rmSync(p, { force: true });
        else {
          const st = fs.statSync(p);
          found.push({ file: p, size: st.size, usedAt: st.mtimeMs });
        }
      }
    };
    if (fs.existsSync(this.dir)) walk(this.dir);
    for (const f of found.sort((x, y) => x.usedAt - y.usedAt)) this.set(f.file, f.size, f.usedAt);
  }

  /** A copy was just used (or made): it becomes the most recent; the oldest go if over budget. */
  touch(file: string, size?: number): void {
    const at = this.now();
    const bytes = size ?? this.entries.get(file)?.size ?? fs.statSync(file).size;
    this.set(file, bytes, at);
    // The order survives a restart.
    fs.promises.utimes(file, new Date(at), new Date(at)).catch(() => undefined);
    this.evict();
  }

  /** A copy removed by its owner (deletePrefix). */
  forgetUnder(prefixPath: string): void {
    for (const [file, e] of this.entries) {
      if (file === prefixPath || file.startsWith(prefixPath + path.sep)) {
        this.entries.delete(file);
        this.total -= e.size;
      }
    }
  }

  get bytes(): number {
    return this.total;
  }

  has(file: string): boolean {
    return this.entries.has(file);
  }

  private set(file: string, size: number, usedAt: number): void {
    const old = this.entries.get(file);
    if (old) this.total -= old.size;
    // Map order is the use order: re-inserting moves it to the end.
    this.entries.delete(file);
    this.entries.set(file, { size, usedAt });
    this.total += size;
  }

  private evict(): void {
    if (this.total <= this.maxBytes) return;
    const cutoff = this.now() - this.graceMs;
    for (const [file, e] of this.entries) {
      if (this.total <= this.maxBytes) break;
      if (e.usedAt > cutoff) break;
      this.entries.delete(file);
      this.total -= e.size;
      fs.rmSync(file, { force: true });
    }
  }
}
