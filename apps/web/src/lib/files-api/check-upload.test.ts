import { describe, expect, it } from 'vitest';
import { checkUpload } from './check-upload';

describe('checkUpload', () => {
  it('allows xlsx, xls and csv up to exactly 200 MB', () => {
    for (const name of ['a.xlsx', 'B.XLS', '数据.csv']) expect(checkUpload({ name, size: 200 * 1024 * 1024 })).toBeNull();
  });
  it('refuses one byte more with the spec message, and other types', () => {
    expect(checkUpload({ name: 'a.csv', size: 200 * 1024 * 1024 + 1 })).toBe('上传文件大小不能超过200M!');
    expect(checkUpload({ name: 'a.sav', size: 10 })).toBe('只能上传 xlsx、xls、csv 格式的文件');
  });
});
