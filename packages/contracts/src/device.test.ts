import { describe, expect, it } from 'vitest';
import { isPathAllowedOnPhone, isPhoneUserAgent } from './device.js';

describe('phone rule', () => {
  it('matches the user agents the spec lists and lets iPad and desktop through', () => {
    for (const ua of [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)',
      'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X)',
      'Mozilla/5.0 (webOS/1.4.0; U; en-US)',
      'BlackBerry9700/5.0.0.351',
      'Mozilla/5.0 (compatible; MSIE 10.0; Windows Phone 8.0; IEMobile/10.0)',
      'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80)',
    ]) {
      expect(isPhoneUserAgent(ua), ua).toBe(true);
    }
    expect(isPhoneUserAgent('Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15')).toBe(false);
    expect(isPhoneUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120 Safari/537.36')).toBe(false);
  });

  it('allows only the home page on a phone', () => {
    expect(isPathAllowedOnPhone('/')).toBe(true);
    expect(isPathAllowedOnPhone('/login')).toBe(false);
  });
});
