// The open tabs of the tags view (spec 02 §2). They outlive the layout (the home and vip pages sit
// outside it) and are cleared on logout, as spec 01 §4 asks. The close actions are pure so the
// rules — pinned tabs stay, closing the current tab moves to the last one left — are tested alone.
import { useSyncExternalStore } from 'react';
import { session } from '../../lib/session-store';

export interface OpenTag {
  path: string;
  search: string;
}

export interface TagsResult {
  visited: OpenTag[];
  /** Where to go after the action, when the current page was closed. */
  goTo?: string;
}

const full = (t: OpenTag) => t.path + t.search;

/** Adds or updates the tab of the page just opened (pinned pages have their own tab). */
export function visit(visited: readonly OpenTag[], tag: OpenTag, pinned: readonly string[]): OpenTag[] {
  if (pinned.includes(tag.path)) return [...visited];
  return visited.some((v) => v.path === tag.path) ? visited.map((v) => (v.path === tag.path ? tag : v)) : [...visited, tag];
}

/** The page to show when the current one disappears: the last tab left, else the last pinned one. */
function fallback(visited: readonly OpenTag[], pinned: readonly string[]): string {
  const last = visited[visited.length - 1];
  return last ? full(last) : (pinned[pinned.length - 1] ?? '/');
}

export function closeTag(visited: readonly OpenTag[], path: string, current: string, pinned: readonly string[]): TagsResult {
  const rest = visited.filter((v) => v.path !== path);
  return path === current ? { visited: rest, goTo: fallback(rest, pinned) } : { visited: rest };
}

/** Keeps the pinned tabs and the chosen one, and shows the chosen one. */
export function closeOthers(visited: readonly OpenTag[], path: string, current: string): TagsResult {
  const kept = visited.filter((v) => v.path === path);
  if (path === current) return { visited: kept };
  return { visited: kept, goTo: kept[0] ? full(kept[0]) : path };
}

/** Keeps only the pinned tabs; a current page that is not pinned gives way to the last pinned one. */
export function closeAll(current: string, pinned: readonly string[]): TagsResult {
  return pinned.includes(current) ? { visited: [] } : { visited: [], goTo: fallback([], pinned) };
}

let visited: OpenTag[] = [];
const listeners = new Set<() => void>();

export const tagsStore = {
  get: (): OpenTag[] => visited,
  set(next: OpenTag[]): void {
    visited = next;
    listeners.forEach((l) => l());
  },
  subscribe(l: () => void): () => void {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};

session.subscribe(() => {
  if (!session.get().token && visited.length) tagsStore.set([]);
});

export function useOpenTags(): OpenTag[] {
  return useSyncExternalStore(tagsStore.subscribe, tagsStore.get, tagsStore.get);
}
