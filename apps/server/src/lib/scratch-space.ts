// Temporary folders for uploads in progress under DATA_DIR/tmp, which several instances may share.
// Each instance works in its own folder and keeps a heartbeat file in it fresh; a folder whose
// heartbeat stopped belongs to an instance that crashed or was killed, and is removed at start and
// by a periodic sweep. Another live instance's folder is never touched, whatever its age.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const INSTANCE_PREFIX = 'i-';
const HEARTBEAT_FILE = '.alive';

export interface ScratchTiming {
  /** How often this instance touches its heartbeat file. */
  heartbeatMs: number;
  /** A folder whose heartbeat is older than this belongs to a dead instance. */
  staleMs: number;
  /** Folders from builds without heartbeats (`up-…`, `ex-…`) go once nothing in them changed for this long. */
  legacyMs: number;
  /** How often stale folders are looked for after start. */
  sweepMs: number;
}

export const DEFAULT_SCRATCH_TIMING: ScratchTiming = {
  heartbeatMs: 20_000,
  staleMs: 2 * 60_000,
  legacyMs: 60 * 60_000,
  sweepMs: 5 * 60_000,
};

export interface SweepResult {
  removed: string[];
  bytes: number;
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export class ScratchSpace {
  /** This instance's folder; work folders are made inside it. */
  readonly dir: string;
  private readonly heartbeat: string;
  private timers: NodeJS.Timeout[] = [];
  private log: Log | null = null;

  constructor(
    private readonly root: string,
    private readonly timing: ScratchTiming = DEFAULT_SCRATCH_TIMING,
  ) {
    fs.mkdirSync(root, { recursive: true });
    this.dir = path.join(root, `${INSTANCE_PREFIX}${crypto.randomBytes(6).toString('hex')}`);
    fs.mkdirSync(this.dir);
    this.heartbeat = path.join(this.dir, HEARTBEAT_FILE);
    fs.writeFileSync(this.heartbeat, JSON.stringify({ host: os.hostname(), pid: process.pid, started: new Date().toISOString() }));
  }

  /** A fresh work folder for one upload. */
  mkdtemp(prefix: string): Promise<string> {
    return fs.promises.mkdtemp(path.join(this.dir, prefix));
  }

  /** Removes what dead instances left behind, then keeps the heartbeat fresh and sweeps now and then. */
  start(log: Log | null): SweepResult {
    this.log = log;
    const result = this.sweep();
    if (this.timers.length === 0) {
      const beat = setInterval(() => this.beat(), this.timing.heartbeatMs);
      const sweep = setInterval(() => this.sweep(), this.timing.sweepMs);
      beat.unref();
      sweep.unref();
      this.timers = [beat, sweep];
    }
    return result;
  }

  /** Stops the timers and removes this instance's folder (nothing is in flight at shutdown). */
  close(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  /** Removes folders of dead instances and old leftovers of earlier builds. */
  sweep(now = Date.now()): SweepResult {
    const result: SweepResult = { removed: [], bytes: 0 };
    let names: string[];
    try {
      names = fs.readdirSync(this.root);
    } catch {
      return result;
    }
    for (const name of names) {
      const full = path.join(this.root, name);
      if (full === this.dir) continue;
      try {
        const dead = name.startsWith(INSTANCE_PREFIX)
          ? now - heartbeatOf(full) > this.timing.staleMs
          : now - newestChange(full) > this.timing.legacyMs;
        if (!dead) continue;
        result.bytes += sizeOf(full);
        fs.rmSync(full, { recursive: true, force: true });
        result.removed.push(name);
      } catch (err) {
        // Gone meanwhile (another instance swept it) or unreadable: leave it for the next sweep.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') this.log?.warn({ err, path: full }, 'could not sweep a temporary upload folder');
      }
    }
    if (result.removed.length > 0) {
      this.log?.info({ folders: result.removed, bytes: result.bytes }, 'removed temporary upload files left by an interrupted instance');
    }
    return result;
  }

  private beat(): void {
    const t = new Date();
    try {
      fs.utimesSync(this.heartbeat, t, t);
    } catch {
      // Swept by another instance after a long stall: recreate, so our uploads are ours again.
      try {
        fs.mkdirSync(this.dir, { recursive: true });
        fs.writeFileSync(this.heartbeat, JSON.stringify({ host: os.hostname(), pid: process.pid, started: t.toISOString() }));
      } catch (err) {
        this.log?.warn({ err }, 'could not renew the temporary folder heartbeat');
      }
    }
  }
}

/** When an instance folder last showed life: its heartbeat file, or the folder itself while it is being set up. */
function heartbeatOf(dir: string): number {
  try {
    return fs.statSync(path.join(dir, HEARTBEAT_FILE)).mtimeMs;
  } catch {
    return fs.statSync(dir).mtimeMs;
  }
}

/** The latest modification of a file or anything inside a folder. */
function newestChange(p: string): number {
  const st = fs.lstatSync(p);
  let newest = st.mtimeMs;
  if (st.isDirectory()) {
    for (const name of fs.readdirSync(p)) newest = Math.max(newest, newestChange(path.join(p, name)));
  }
  return newest;
}

function sizeOf(p: string): number {
  const st = fs.lstatSync(p);
  if (!st.isDirectory()) return st.size;
  let total = 0;
  for (const name of fs.readdirSync(p)) total += sizeOf(path.join(p, name));
  return total;
}

/** A scratch folder, removed by `done`. */
export type ScratchDirs = (prefix: string) => Promise<{ dir: string; done(): Promise<void> }>;

/** Plain scratch folders under `root` (a worker process's DATA_DIR/tmp; it has no ScratchSpace). */
export function scratchIn(root: string): ScratchDirs {
  return async (prefix) => {
    await fs.promises.mkdir(root, { recursive: true });
    const dir = await fs.promises.mkdtemp(path.join(root, prefix));
    return { dir, done: () => fs.promises.rm(dir, { recursive: true, force: true }) };
  };
}
