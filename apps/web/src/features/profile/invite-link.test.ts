import { describe, expect, it } from 'vitest';
import { inviteLink } from './invite-link';

describe('invitation link (spec 02 §9)', () => {
  it('is the origin plus /#/login?code=', () => {
    expect(inviteLink('https://labstat.example.com', 'AB12CD')).toBe('https://labstat.example.com/#/login?code=AB12CD');
    expect(inviteLink('http://127.0.0.1:8080', 'a b')).toBe('http://127.0.0.1:8080/#/login?code=a%20b');
  });
});
