// The tool lists served from memory (issue 25 item 4): every list page used to cost two queries
// (rows and count). The catalogue is a few hundred rows that change only when an operator edits a
// tool, so each server keeps a snapshot of the active rows in the lists' order and filters it in
// memory. Same-server writers call invalidate(); other servers on the same database see a change
// within the TTL. Name searches and favourites lists stay on SQL (see ToolService.search).
import type { ToolRow, ToolSearch } from '../repositories/tools-repo.js';

/** The filters the snapshot answers; the same fields and meaning as ToolsRepo's query. */
export type CachedSearch = Pick<ToolSearch, 'family' | 'excludeFamily' | 'menu' | 'category' | 'offset' | 'limit'>;

export interface CatalogueSnapshot {
  /** Active rows in the lists' SQL order. */
  readonly rows: readonly ToolRow[];
  /** Serialized whole responses of this snapshot (visitors' pages), by query key. */
  readonly responses: Map<string, string>;
}

export interface CatalogueCacheOptions {
  /** How old a snapshot may be before it is reloaded; other servers' edits show within this. */
  ttlMs?: number;
  /** Most serialized responses kept per snapshot. */
  maxResponses?: number;
  /** Real time in ms; not the app's injectable clock, which tests freeze. */
  clock?: () => number;
}

// The repo's LIKE patterns keep only these characters of a slug.
const slug = (s: string) => s.replace(/[^a-z0-9-]/g, '');

/**
 * The rows of a snapshot matching a search, in order, and their count — what ToolsRepo.search
 * answers for the same filters without a name or favourites. The categories column is a JSON array
 * of [a-z0-9-] slugs, the first being the advanced menu item, so the repo's quoted LIKE patterns are
 * plain prefix and substring tests.
 */
export function filterRows(rows: readonly ToolRow[], q: CachedSearch): { rows: ToolRow[]; count: number } {
  const menu = q.menu ? `["${slug(q.menu)}"` : null;
  const category = q.category ? `"${slug(q.category)}"` : null;
  const hits = rows.filter(
    (r) =>
      (!q.family || r.family === q.family) &&
      (!q.excludeFamily || r.family !== q.excludeFamily) &&
      (menu === null || r.categories.startsWith(menu)) &&
      (category === null || r.categories.includes(category)),
  );
  return { rows: hits.slice(q.offset, q.offset + q.limit), count: hits.length };
}

export class CatalogueCache {
  private readonly ttlMs: number;
  private readonly maxResponses: number;
  private readonly clock: () => number;
  private current: { snap: CatalogueSnapshot; at: number; generation: number } | null = null;
  private loading: { promise: Promise<CatalogueSnapshot>; generation: number } | null = null;
  /** Bumped by invalidate(); a snapshot loaded under an older generation is stale. */
  private generation = 0;
  /** Off: every list goes to SQL (the reference answers in tests and benchmarks). */
  enabled = true;

  constructor(
    private readonly load: () => Promise<ToolRow[]>,
    opts: CatalogueCacheOptions = {},
  ) {
    this.ttlMs = opts.ttlMs ?? 1000;
    this.maxResponses = opts.maxResponses ?? 500;
    this.clock = opts.clock ?? (() => performance.now());
  }

  /** Call after a write to the tools table on this server has committed. */
  invalidate(): void {
    this.generation++;
    this.current = null;
  }

  /** The current snapshot, reloaded (once, however many requests wait) when stale or invalidated. */
  async snapshot(): Promise<CatalogueSnapshot> {
    const c = this.current;
    if (c && c.generation === this.generation && this.clock() - c.at < this.ttlMs) return c.snap;
    if (this.loading && this.loading.generation === this.generation) return this.loading.promise;
    const generation = this.generation;
    const at = this.clock();
    const promise = this.load().then(
      (rows) => {
        const snap: CatalogueSnapshot = { rows, responses: new Map() };
        // A write that committed while loading may be missing from these rows: serve them to the
        // requests already waiting, but do not keep them.
        if (generation === this.generation) this.current = { snap, at, generation };
        return snap;
      },
    );
    this.loading = { promise, generation };
    const clear = () => {
      if (this.loading?.promise === promise) this.loading = null;
    };
    promise.then(clear, clear);
    return promise;
  }

  /** A visitor's response of this snapshot, made once by `make` and kept (bounded) until the next reload. */
  response(snap: CatalogueSnapshot, key: string, make: () => string): string {
    const hit = snap.responses.get(key);
    if (hit !== undefined) return hit;
    const body = make();
    if (snap.responses.size >= this.maxResponses) snap.responses.delete(snap.responses.keys().next().value!);
    snap.responses.set(key, body);
    return body;
  }
}
