import { describe, expect, it } from 'vitest';

import { checkFile, formatBytes } from './check-file';
import { targetSize } from './resize-image';

const MB = 1024 * 1024;

describe('checking a file before its upload starts', () => {
  const options = { maxUpload: 512 * MB, free: 100 * MB };
  it('takes a file within its type limit and the free space', () => {
    expect(checkFile({ size: 5 * MB, type: 'image/jpeg' }, options)).toBeNull();
  });
  it('names the limit of the type', () => {
    expect(checkFile({ size: 60 * MB, type: 'image/png' }, { ...options, free: 1000 * MB })).toEqual({ kind: 'tooLarge', limit: 50 * MB });
  });
  it('refuses what does not fit in the quota, and empty files', () => {
    expect(checkFile({ size: 101 * MB, type: 'video/mp4' }, options)).toEqual({ kind: 'quota', free: 100 * MB });
    expect(checkFile({ size: 0, type: 'text/plain' }, options)).toEqual({ kind: 'empty' });
  });
  it('counts nothing anew for a file chosen again to resume its unfinished upload', () => {
    // the server's `used` already holds the unfinished upload's length
    const unfinished = [{ name: 'film.mp4', size: 300 * MB }];
    const film = { name: 'film.mp4', size: 300 * MB, type: 'video/mp4' };
    expect(checkFile(film, { ...options, unfinished })).toBeNull();
    expect(checkFile({ ...film, name: 'other.mp4' }, { ...options, unfinished })).toEqual({ kind: 'quota', free: 100 * MB });
  });
  it('refuses a type the page does not take', () => {
    expect(checkFile({ size: 10, type: 'image/svg+xml' }, { ...options, accept: ['image/png'] })).toEqual({ kind: 'type' });
  });
  it('formats sizes', () => {
    expect(formatBytes(1536, 'en')).toBe('1.5 KB');
    expect(formatBytes(512, 'en')).toBe('512 B');
  });
});

describe('resizing large photos', () => {
  it('scales the long side down to the maximum and keeps the ratio', () => {
    expect(targetSize(8000, 6000, 4096)).toEqual({ width: 4096, height: 3072, scaled: true });
    expect(targetSize(1200, 800, 4096)).toEqual({ width: 1200, height: 800, scaled: false });
  });
});
