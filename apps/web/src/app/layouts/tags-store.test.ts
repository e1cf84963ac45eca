import { describe, expect, it } from 'vitest';
import { closeAll, closeOthers, closeTag, visit, type OpenTag } from './tags-store';

const pinned = ['/data-manager/index', '/calculate/index'];
const t = (path: string, search = ''): OpenTag => ({ path, search });
const open = [t('/dashboard'), t('/public-tool/visual'), t('/tool/detail', '?toolId=3')];

describe('tags view actions (spec 02 §2)', () => {
  it('adds a visited page once, updates its query, and never duplicates a pinned page', () => {
    expect(visit(open, t('/tool/detail', '?toolId=5'), pinned)).toEqual([open[0], open[1], t('/tool/detail', '?toolId=5')]);
    expect(visit(open, t('/data-manager/index'), pinned)).toEqual(open);
    expect(visit([], t('/dashboard'), pinned)).toEqual([t('/dashboard')]);
  });

  it('关闭: closing another tab stays put; closing the current one moves to the last tab left', () => {
    expect(closeTag(open, '/dashboard', '/tool/detail', pinned)).toEqual({ visited: [open[1], open[2]] });
    expect(closeTag(open, '/tool/detail', '/tool/detail', pinned)).toEqual({ visited: [open[0], open[1]], goTo: '/public-tool/visual' });
    expect(closeTag([t('/dashboard')], '/dashboard', '/dashboard', pinned)).toEqual({ visited: [], goTo: '/calculate/index' });
  });

  it('关闭其他 keeps the chosen tab (and the pinned ones) and shows it', () => {
    expect(closeOthers(open, '/public-tool/visual', '/public-tool/visual')).toEqual({ visited: [open[1]] });
    expect(closeOthers(open, '/tool/detail', '/dashboard')).toEqual({ visited: [open[2]], goTo: '/tool/detail?toolId=3' });
    expect(closeOthers(open, '/data-manager/index', '/dashboard')).toEqual({ visited: [], goTo: '/data-manager/index' });
  });

  it('关闭所有 keeps the pinned tabs only and leaves a page that is not pinned', () => {
    expect(closeAll('/dashboard', pinned)).toEqual({ visited: [], goTo: '/calculate/index' });
    expect(closeAll('/data-manager/index', pinned)).toEqual({ visited: [] });
    expect(closeAll('/dashboard', [])).toEqual({ visited: [], goTo: '/' });
  });
});
