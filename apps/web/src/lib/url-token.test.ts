import { describe, expect, it } from 'vitest';
import { tokenBeforeHash } from './url-token';

describe('?token= before the hash (spec 01 §2, issue 20 item 10)', () => {
  it('takes the token and sends the page home without it', () => {
    expect(tokenBeforeHash('http://host/?token=abc#/')).toEqual({ token: 'abc', next: 'http://host/#/' });
    expect(tokenBeforeHash('http://host/?token=abc&from=mail#/vip')).toEqual({ token: 'abc', next: 'http://host/?from=mail#/' });
  });

  it('leaves other addresses alone, including a token in the hash query', () => {
    expect(tokenBeforeHash('http://host/#/?token=abc')).toBeNull();
    expect(tokenBeforeHash('http://host/?token=#/')).toBeNull();
    expect(tokenBeforeHash('http://host/#/dashboard')).toBeNull();
  });
});
