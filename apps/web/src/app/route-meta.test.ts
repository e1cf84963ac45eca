import { describe, expect, it } from 'vitest';
import { isFreePath, isSpecPath, permitted, roleGroupFor } from './route-meta';

describe('route guard rules (spec 01 §4, §6)', () => {
  it('lets visitors open the free list and the advanced tools the server names', () => {
    for (const p of ['/', '/login', '/auth-redirect', '/dashboard', '/vip', '/calculate/index', '/public-tool/visual', '/quote/index', '/high-tool']) {
      expect(isFreePath(p, []), p).toBe(true);
    }
    expect(isFreePath('/high-tool/fenxi', [])).toBe(false);
    expect(isFreePath('/high-tool/fenxi', ['fenxi'])).toBe(true);
    for (const p of ['/data-manager/index', '/data-processing/index', '/task/public-tool-task', '/tool/detail', '/profile/index', '/public-toolbox']) {
      expect(isFreePath(p, ['fenxi']), p).toBe(false);
    }
  });

  it('knows the spec routes so unknown paths can go to 404', () => {
    expect(isSpecPath('/task/public-tool-task')).toBe(true);
    expect(isSpecPath('/tool/detail')).toBe(true);
    expect(isSpecPath('/data-processing/index')).toBe(true);
    expect(isSpecPath('/calculate/index')).toBe(true);
    expect(isSpecPath('/nothing-here')).toBe(false);
  });

  it('selects the dynamics role group on the four static pages and keeps routes by role', () => {
    expect(roleGroupFor('/team-info/index')).toBe('dynamics');
    expect(roleGroupFor('/dashboard')).toBe('admin');
    expect(permitted(undefined, 'admin')).toBe(true);
    expect(permitted(['dynamics'], 'admin')).toBe(false);
    expect(permitted(['admin', 'dynamics'], 'dynamics')).toBe(true);
  });
});
