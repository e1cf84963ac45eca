import { describe, expect, it } from 'vitest';
import { isPlainBackground, isSafeLink, newsLines } from './links';

describe('content links', () => {
  it('takes http(s) addresses and site paths', () => {
    expect(isSafeLink('https://example.com/a?b=1')).toBe(true);
    expect(isSafeLink('http://example.com')).toBe(true);
    expect(isSafeLink('/vip')).toBe(true);
    expect(isSafeLink(' /public-tool/med ')).toBe(true);
  });
  it('refuses scripts, data, protocol-relative and empty links', () => {
    expect(isSafeLink('javascript:alert(1)')).toBe(false);
    expect(isSafeLink('JavaScript:alert(1)')).toBe(false);
    expect(isSafeLink('data:text/html,<b>x</b>')).toBe(false);
    expect(isSafeLink('//evil.example')).toBe(false);
    expect(isSafeLink('/\\evil.example')).toBe(false);
    expect(isSafeLink('')).toBe(false);
    expect(isSafeLink('vip')).toBe(false);
  });
});

describe('slide backgrounds and news lines', () => {
  it('takes colours and gradients, refuses url() and extra declarations', () => {
    expect(isPlainBackground('')).toBe(true);
    expect(isPlainBackground('#409EFF')).toBe(true);
    expect(isPlainBackground('linear-gradient(120deg,#409EFF,#1d4ed8)')).toBe(true);
    expect(isPlainBackground('rgb(64, 158, 255)')).toBe(true);
    expect(isPlainBackground('url(https://evil.example/x.png)')).toBe(false);
    expect(isPlainBackground('red; position: fixed')).toBe(false);
    expect(isPlainBackground('red" onload="x')).toBe(false);
  });
  it('splits news items by line and drops blank ones', () => {
    expect(newsLines('新增 Cox 回归\n\n  <b>修复</b>导出  \n')).toEqual(['新增 Cox 回归', '<b>修复</b>导出']);
  });
});
