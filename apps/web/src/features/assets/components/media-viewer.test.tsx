// The asset page's photo viewer: the owner's photos show their display-size rendition and the
// original loads only from the "full size" link; public media URLs are resized by query string.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicMedia } from '../api/types';
import { MediaViewer } from './media-viewer';

const photo: PublicMedia = {
  id: 'm1',
  kind: 'photo',
  mime_type: 'image/jpeg',
  size_bytes: 4_200_000,
  sha256: 'ab'.repeat(32),
  duration_seconds: null,
};
const original = 'http://files.test/storage/v1/object/sign/asset-media/u/p.jpg?token=original';
const preview = 'http://files.test/storage/v1/render/image/sign/asset-media/u/p.jpg?token=display';

describe('MediaViewer', () => {
  it('shows the owner a display-size photo and links the original instead of loading it', () => {
    render(<MediaViewer media={[photo]} urls={{ m1: original }} previews={{ m1: preview }} loading={false} />);
    const img = screen.getByRole('img');
    expect(img.getAttribute('src')).toBe(preview);
    expect(img.getAttribute('srcset')).toBeNull();
    const link = screen.getByRole('link', { name: 'Open the full-size photo' });
    expect(link.getAttribute('href')).toBe(original);
  });

  it('resizes public media by query string and needs no full-size link', () => {
    const media = 'http://files.test/storage/v1/media/m1?token=public';
    render(<MediaViewer media={[photo]} urls={{ m1: media }} loading={false} />);
    const src = new URL(screen.getByRole('img').getAttribute('src')!);
    expect(src.searchParams.get('width')).toBe('1280');
    expect(screen.getByRole('img').getAttribute('srcset')).toContain('640w');
    expect(screen.queryByRole('link', { name: 'Open the full-size photo' })).toBeNull();
  });
});
