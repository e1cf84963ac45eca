import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptEnvelope, reloginNeeded } from './api-client';
import { session } from './session-store';
import { ui } from './ui-bridge';

const expired = { code: 50012, msg: '登录状态无效，请重新登录', data: null };
const tick = () => new Promise((r) => setTimeout(r, 5));

describe('the 50012 re-login confirm (spec 01 §8, issue 20 item 10)', () => {
  let confirm: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    confirm = vi.fn();
    ui.modal = { confirm } as never;
    ui.message = { error: vi.fn() } as never;
    vi.stubGlobal('window', { location: { hash: '#/dashboard' } });
    session.login('old-token');
  });
  afterEach(() => {
    // Dismiss any box left open, so the next test starts with none.
    for (const [opts] of confirm.mock.calls) (opts as { onCancel?: () => void }).onCancel?.();
    vi.unstubAllGlobals();
    session.reset();
  });

  function fail(): void {
    expect(() => acceptEnvelope(expired)).toThrow('登录状态无效');
  }

  it('asks once when a call fails with 50012 on an ordinary page', async () => {
    fail();
    fail();
    await tick();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm.mock.calls[0]![0]).toMatchObject({ title: '确认登录', okText: '跳转登录', cancelText: '取消' });
  });

  it('does not cover a login page the route guard opens after the same failure', async () => {
    try {
      acceptEnvelope(expired);
    } catch {
      // What the guard does when the profile call fails: reset, then open /login.
      session.reset();
      window.location.hash = '#/login?redirect=%2Fdashboard';
    }
    await tick();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('does not ask on the login page itself', async () => {
    window.location.hash = '#/login?redirect=%2Fvip';
    fail();
    await tick();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('reloginNeeded: only with a token and away from /login', () => {
    expect(reloginNeeded('/dashboard', true)).toBe(true);
    expect(reloginNeeded('/login-help', true)).toBe(true);
    expect(reloginNeeded('/login', true)).toBe(false);
    expect(reloginNeeded('/login?redirect=%2F', true)).toBe(false);
    expect(reloginNeeded('/dashboard', false)).toBe(false);
  });
});
