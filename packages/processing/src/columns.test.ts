import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DuckDBConnection } from '@duckdb/node-api';
import { lit } from './sql.js';
import { checkNewNames, parseDate, textOf } from './columns.js';

let db: DuckDBInstance;
let con: DuckDBConnection;
beforeAll(async () => {
  db = await DuckDBInstance.create(':memory:');
  con = await db.connect();
});
afterAll(() => {
  con.closeSync();
  db.closeSync();
});
const one = async (sql: string): Promise<unknown> => (await con.runAndReadAll(`SELECT ${sql} AS x`)).getRowObjectsJS()[0]!.x;

describe('restructure SQL helpers', () => {
  it('writes numbers as typed: 5 not 5.0, decimals kept, missing stays missing', async () => {
    expect(await one(textOf('5.0::DOUBLE', 'numeric'))).toBe('5');
    expect(await one(textOf('-12.0::DOUBLE', 'numeric'))).toBe('-12');
    expect(await one(textOf('5.25::DOUBLE', 'numeric'))).toBe('5.25');
    expect(await one(textOf('NULL::DOUBLE', 'numeric'))).toBeNull();
    expect(await one(textOf(`DATE '2024-01-03'`, 'date'))).toBe('2024-01-03');
  });

  it('parses the three date forms and nothing else', async () => {
    const d = async (s: string) => {
      const v = await one(`CAST(${parseDate(lit(s))} AS VARCHAR)`);
      return v === null ? null : String(v);
    };
    expect(await d('2024-01-05')).toBe('2024-01-05');
    expect(await d(' 2024-1-5 ')).toBe('2024-01-05');
    expect(await d('2024/12/31')).toBe('2024-12-31');
    expect(await d('20240229')).toBe('2024-02-29');
    expect(await d('20230229')).toBeNull();
    expect(await d('2024013')).toBeNull();
    expect(await d('2024.01.05')).toBeNull();
    expect(await d('昨天')).toBeNull();
  });

  it('checks new names against the file and each other, case-insensitively', () => {
    expect(checkNewNames([' 年龄_分组 '], ['年龄'])).toEqual(['年龄_分组']);
    expect(() => checkNewNames(['年龄'], ['年龄'])).toThrow('新变量名“年龄”与已有变量重名');
    expect(() => checkNewNames(['bmi'], ['BMI'])).toThrow('不区分大小写');
    expect(() => checkNewNames(['a', 'a'], [])).toThrow('新变量名“a”与已有变量重名');
    expect(() => checkNewNames([''], [])).toThrow('新变量名不能为空');
    expect(() => checkNewNames(['__row'], [])).toThrow('保留名称');
  });
});
