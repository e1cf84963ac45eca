import crypto from 'node:crypto';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { plausibleGb18030, sniff } from './sniff.js';

describe('sniff', () => {
  it('takes GBK text for text, and high random bytes for binary', () => {
    const gbk = iconv.encode('姓名,性别,年龄\r\n张三,男,45\r\n李四,女,38\r\n'.repeat(20), 'gbk');
    expect(plausibleGb18030(gbk)).toBe(true);
    expect(sniff(gbk)).toEqual({ kind: 'text', encoding: 'gb18030' });
    const random = Buffer.from(Array.from(crypto.randomBytes(2000), (b) => 0x80 | b));
    expect(plausibleGb18030(random)).toBe(false);
    expect(sniff(random)).toEqual({ kind: null, what: '二进制文件' });
  });
});
