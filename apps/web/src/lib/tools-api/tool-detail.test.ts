// The video play link built from the video call's signature.
import { describe, expect, it } from 'vitest';
import { videoSrc } from './tool-detail';

describe('videoSrc', () => {
  it('builds the play link from the signature, escaping the psign', () => {
    expect(videoSrc({ status: 1, signature: { appId: 'labstat', fileId: 'ab12.mp4', psign: '1700000000.a-b_c+/=' } })).toBe(
      '/anatools/video/play/ab12.mp4?psign=1700000000.a-b_c%2B%2F%3D',
    );
  });
  it('is null without a video', () => {
    expect(videoSrc(null)).toBeNull();
    expect(videoSrc({ status: 0, signature: null })).toBeNull();
    expect(videoSrc({ status: 1, signature: null })).toBeNull();
  });
});
