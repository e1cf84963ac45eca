import type { FormInstance, FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { newPasswordRules, passwordRules } from './form-rules';

/** Runs antd-style rules the way the form does for the checks these rules use, returning the first message. */
async function check(rules: FormRule[], value: string): Promise<string | null> {
  for (const r of rules) {
    const rule = typeof r === 'function' ? r({} as FormInstance) : r;
    if (rule.required && !value) return String(rule.message);
    if (rule.min !== undefined && value.length < rule.min) return String(rule.message);
    if (rule.validator) {
      try {
        await rule.validator(rule, value, () => undefined);
      } catch (err) {
        return (err as Error).message;
      }
    }
  }
  return null;
}

describe('password form rules', () => {
  it('refuses six spaces and padding when a password is set, as the server does', async () => {
    expect(await check(newPasswordRules, '      ')).toBe('密码不能少于6位（首尾空格不计，连续空格只算一位）');
    expect(await check(newPasswordRules, '  abc   ')).toBe('密码不能少于6位（首尾空格不计，连续空格只算一位）');
    expect(await check(newPasswordRules, 'abc')).toBe('密码不能少于6位');
    expect(await check(newPasswordRules, 'my lab 2024')).toBeNull();
  });

  it('keeps the login rule of the spec (at least 6 characters as typed)', async () => {
    expect(await check(passwordRules, '')).toBe('密码不能少于6位');
    expect(await check(passwordRules, 'secret1')).toBeNull();
  });
});
