// Pure storage helpers: MIME allow-lists and signatures, byte ranges, size strings, key rules.
import { describe, expect, it } from 'vitest';
import {
  checkedMimeType,
  isInlineMedia,
  isMimeAllowed,
  matchesSignature,
  servedMimeType,
} from '../../src/storage/mime.js';
import { parseRange } from '../../src/storage/download.js';
import { parseSizeLimit } from '../../src/storage/bucket-routes.js';
import { validateBucketId, validateObjectName } from '../../src/storage/engine.js';

const hex = (h: string) => Buffer.from(h.replace(/\s/g, ''), 'hex');

describe('isMimeAllowed', () => {
  it.each([
    ['image/png', null, true],
    ['image/png', [], true],
    ['image/png', ['image/*'], true],
    ['IMAGE/PNG; charset=x', ['image/png'], true],
    ['video/mp4', ['image/*'], false],
    ['text/plain;charset=UTF-8', ['text/plain'], true],
    ['application/pdf', ['*/*'], true],
    ['imagex/png', ['image/*'], false],
  ] as const)('%s with %j → %s', (type, allowed, expected) => {
    expect(isMimeAllowed(type, allowed as string[] | null)).toBe(expected);
  });
});

describe('matchesSignature', () => {
  it.each([
    ['image/png', hex('89504e470d0a1a0a 0000000d'), true],
    // Another raster image under an image type passes (Storage stores it as declared); anything else does not.
    ['image/png', Buffer.from('GIF89a......'), true],
    ['image/png', Buffer.from('<html><body>'), false],
    ['image/gif', Buffer.from('%PDF-1.7\n'), false],
    ['image/jpeg', hex('ffd8ffe000104a46'), true],
    ['image/jpeg', hex('89504e47'), false],
    ['image/gif', Buffer.from('GIF87a'), true],
    ['image/webp', Buffer.from('RIFF\x00\x00\x00\x00WEBPVP8 ', 'latin1'), true],
    ['application/pdf', Buffer.from('%PDF-1.7\n'), true],
    ['application/pdf', Buffer.from('<html>'), false],
    ['video/mp4', Buffer.from('\x00\x00\x00\x18ftypmp42', 'latin1'), true],
    ['video/quicktime', Buffer.from('\x00\x00\x00\x14ftypqt  ', 'latin1'), true],
    ['video/quicktime', Buffer.from('\x00\x00\x00\x08wide\x00\x00', 'latin1'), true],
    ['video/quicktime', Buffer.from('not a movie at all'), false],
    ['video/webm', hex('1a45dfa3 9f4286'), true],
    ['video/webm', hex('00000018 66747970'), false],
    ['image/heic', Buffer.from('\x00\x00\x00\x18ftypheic', 'latin1'), true],
    ['text/plain', Buffer.from('anything'), true],
    ['application/octet-stream', Buffer.alloc(0), true],
    ['image/png', Buffer.alloc(0), false],
  ] as const)('%s', (type, head, expected) => {
    expect(matchesSignature(type, head)).toBe(expected);
  });

  it.each([
    ['image/gif', 'image/gif'],
    ['IMAGE/PNG; charset=x', 'image/png'],
    // A text type keeps its charset, as Storage does; anything odd in it is dropped.
    ['text/plain;charset=UTF-8', 'text/plain;charset=UTF-8'],
    ['Text/HTML; charset="utf-8"', 'text/html;charset=utf-8'],
    ['text/plain; charset=<x>', 'text/plain'],
    // Chromium reads this header as text/html; the checked type is the part before ';'.
    ['image/gif;,text/html', 'image/gif'],
    ['image/gif ,text/html', null],
    ['text/html, image/gif', null],
    ['image', null],
    ['', null],
    ['image/gif\u0000', null],
  ] as const)('checks the declared type %j', (declared, expected) => {
    expect(checkedMimeType(declared)).toBe(expected);
  });

  it('serves only a checked type, octet-stream otherwise', () => {
    expect(servedMimeType('image/gif;,text/html')).toBe('image/gif');
    expect(servedMimeType('text/html ,x')).toBe('application/octet-stream');
    expect(servedMimeType(undefined)).toBe('application/octet-stream');
    expect(servedMimeType(42)).toBe('application/octet-stream');
  });

  it('shows only passive media inline', () => {
    for (const t of ['image/png', 'image/gif', 'video/mp4', 'audio/mpeg', 'application/pdf'])
      expect(isInlineMedia(t)).toBe(true);
    for (const t of [
      'image/svg+xml',
      'text/html',
      'text/plain',
      'application/xhtml+xml',
      'text/javascript',
      'application/json',
      'application/octet-stream',
    ]) {
      expect(isInlineMedia(t)).toBe(false);
    }
  });
});

describe('parseRange', () => {
  it.each([
    [undefined, 10, null],
    ['bytes=0-4', 10, { start: 0, end: 4 }],
    ['bytes=5-', 10, { start: 5, end: 9 }],
    ['bytes=-3', 10, { start: 7, end: 9 }],
    ['bytes=8-100', 10, { start: 8, end: 9 }],
    ['bytes=10-12', 10, 'unsatisfiable'],
    ['bytes=-0', 10, 'unsatisfiable'],
    ['bytes=0-1,3-4', 10, null],
    ['items=0-1', 10, null],
    ['bytes=5-2', 10, null],
    ['bytes=0-0', 0, 'unsatisfiable'],
  ] as const)('%s of %i', (header, size, expected) => {
    expect(parseRange(header, size)).toEqual(expected);
  });
});

describe('parseSizeLimit', () => {
  it.each([
    [undefined, undefined],
    [null, null],
    [1024, 1024],
    ['2048', 2048],
    ['50MB', 50_000_000],
    ['1.5 kb', 1500],
  ] as const)('%j → %j', (input, expected) => {
    expect(parseSizeLimit(input)).toBe(expected);
  });

  it.each([-1, 'lots', 1.5, {}])('rejects %j', (input) => {
    expect(() => parseSizeLimit(input)).toThrow('Invalid file_size_limit');
  });
});

describe('key rules', () => {
  it.each(['a.txt', 'folder/sub/file name (1).png', 'café/ü.txt', "x!-_.*'()&$@=;:+,?"])('accepts %s', (name) => {
    expect(() => validateObjectName(name)).not.toThrow();
  });
  it.each(['', '/abs', 'a//b', 'a/../b', './a', 'a/', 'tab\there', 'back\\slash', 'x'.repeat(1025)])(
    'refuses %j',
    (name) => {
      expect(() => validateObjectName(name)).toThrow(/Invalid key/);
    },
  );
  it.each(['avatars', 'my-bucket_1'])('accepts bucket %s', (id) => expect(() => validateBucketId(id)).not.toThrow());
  it.each(['', 'a/b', '..', 'x'.repeat(101)])('refuses bucket %j', (id) =>
    expect(() => validateBucketId(id)).toThrow(/Bucket name invalid/),
  );
});
