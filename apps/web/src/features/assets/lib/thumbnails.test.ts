import { describe, expect, it } from 'vitest';
import { gallerySources, thumbnailSources } from './thumbnails';

const MEDIA = 'https://files.example.com/storage/v1/media/0b6f0b3c-1d7e-4a55-9d0e-6a3b7b9d2c11?token=abc.def';

describe('thumbnail sources', () => {
  it('asks public media for 16:9 cover thumbnails at several widths and the thumbnail quality, keeping the token', () => {
    const { src, srcSet } = thumbnailSources(MEDIA);
    expect(src).toBe(`${MEDIA}&width=640&height=360&resize=cover&quality=60`);
    expect(srcSet?.split(', ')).toEqual([
      `${MEDIA}&width=320&height=180&resize=cover&quality=60 320w`,
      `${MEDIA}&width=480&height=270&resize=cover&quality=60 480w`,
      `${MEDIA}&width=640&height=360&resize=cover&quality=60 640w`,
      `${MEDIA}&width=960&height=540&resize=cover&quality=60 960w`,
    ]);
  });

  it('scales gallery photos by width only, never cropping', () => {
    const { src, srcSet } = gallerySources(MEDIA);
    expect(src).toBe(`${MEDIA}&width=1280&resize=contain`);
    expect(srcSet).toContain(`${MEDIA}&width=640&resize=contain 640w`);
  });

  it('leaves other URLs (signed object URLs) as they are', () => {
    const signed = 'https://files.example.com/storage/v1/object/sign/asset-media/a.jpg?token=t';
    expect(thumbnailSources(signed)).toEqual({ src: signed });
    expect(gallerySources(signed)).toEqual({ src: signed });
  });
});
