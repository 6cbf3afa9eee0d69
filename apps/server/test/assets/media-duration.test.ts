import { describe, expect, it } from 'vitest';
import { videoDurationSeconds } from '../../src/assets/media-duration.js';
import { fragmentedMp4, mp4WithDuration, webmLive } from './fixtures.js';

describe('videoDurationSeconds', () => {
  it('reads mvhd from MP4 (version 0) and QuickTime (version 1)', () => {
    expect(videoDurationSeconds(mp4WithDuration(42), 'video/mp4')).toBe(42);
    expect(videoDurationSeconds(mp4WithDuration(95, { version: 1, brand: 'qt  ' }), 'video/quicktime')).toBe(95);
  });

  it('adds up the fragments of a fragmented MP4 (browser recordings) whose header says 0', () => {
    expect(videoDurationSeconds(fragmentedMp4(), 'video/mp4')).toBe(12.5);
  });

  it('reads the last block time of a live WebM without a Duration element', () => {
    expect(videoDurationSeconds(webmLive(30), 'video/webm')).toBeCloseTo(30, 3);
  });

  it('returns null for unreadable or truncated files and unknown types', () => {
    expect(videoDurationSeconds(Buffer.from('not a video'), 'video/mp4')).toBeNull();
    expect(videoDurationSeconds(mp4WithDuration(10).subarray(0, 30), 'video/mp4')).toBeNull();
    expect(videoDurationSeconds(Buffer.alloc(0), 'video/webm')).toBeNull();
    expect(videoDurationSeconds(mp4WithDuration(10), 'image/png')).toBeNull();
  });
});
