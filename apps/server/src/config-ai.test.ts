// AI_PROVIDERS is read once at start: a malformed list stops the server with a sentence saying what to fix.
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: '/tmp/x', ...env }).ai;

describe('AI settings', () => {
  it('has only the built-in interpreter by default', () => {
    expect(load({}).providers).toEqual([]);
    expect(load({}).dailyQuota).toEqual({ free: 10, vip: 50, svip: 200 });
  });

  it('reads providers, taking the key from the variable apiKeyEnv names', () => {
    const p = load({ AI_PROVIDERS: '[{"name":"DeepSeek","baseUrl":"https://api.deepseek.com/v1","apiKeyEnv":"DS_KEY","model":"deepseek-chat"}]', DS_KEY: 'sk-1' }).providers;
    expect(p).toEqual([{ name: 'DeepSeek', baseUrl: 'https://api.deepseek.com/v1', apiKey: 'sk-1', model: 'deepseek-chat', avatar: '/static/ai/model.svg' }]);
  });

  it('refuses malformed lists, missing keys, bad URLs and repeated names', () => {
    expect(() => load({ AI_PROVIDERS: '{oops' })).toThrow(/JSON list/);
    expect(() => load({ AI_PROVIDERS: '[{"name":"A","baseUrl":"https://a/v1","apiKeyEnv":"NOPE","model":"m"}]' })).toThrow(/no API key/);
    expect(() => load({ AI_PROVIDERS: '[{"name":"A","baseUrl":"ftp://a","apiKey":"k","model":"m"}]' })).toThrow(/baseUrl/);
    expect(() => load({ AI_PROVIDERS: '[{"name":"LabStat 解读","baseUrl":"https://a/v1","apiKey":"k","model":"m"}]' })).toThrow(/repeated/);
  });
});
