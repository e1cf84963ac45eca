import type { FormField } from '@labstat/contracts';
import { describe, expect, it } from 'vitest';
import { applyLinkRules, initialLinkEffect } from './link-rules';

const field = (over: Partial<FormField>): FormField => ({
  id: 1,
  filed: 'f',
  name: 'f',
  type: 'select_single',
  value: '',
  option: [],
  tips: '',
  disabled: false,
  props: {},
  link_item: [],
  ...over,
});

describe('link_item rules', () => {
  const method = field({
    filed: 'method',
    value: 'auto',
    link_item: [
      { id: 'level', rule: { disabled: { auto: true, manual: false }, value: { manual: 0.9 } } },
      { id: 'post', rule: { option: { '1': [{ lable: 'Tukey', value: 'tukey' }] } } },
    ],
  });

  it('matches the new value as a string and sets disabled, options and values', () => {
    expect(applyLinkRules(method, 'manual')).toEqual({ overrides: { level: { disabled: false } }, values: { level: 0.9 } });
    expect(applyLinkRules(method, 1)).toEqual({ overrides: { post: { option: [{ lable: 'Tukey', value: 'tukey' }] } }, values: {} });
    expect(applyLinkRules(method, 'other')).toEqual({ overrides: {}, values: {} });
  });

  it('applies the starting values when the form opens', () => {
    expect(initialLinkEffect([method], {}).overrides).toEqual({ level: { disabled: true } });
  });
});
