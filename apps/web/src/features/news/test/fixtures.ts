import type { NewsArticle, NewsVersion } from '../api/types';

let n = 0;
/** An article; `title`/`content` shape its English version unless `versions` is given. */
export function makeArticle(
  over: Partial<NewsArticle> & { title?: string; content?: string; status?: NewsVersion['status'] } = {},
): NewsArticle {
  n += 1;
  const { title, content, status, ...rest } = over;
  const published = rest.is_published ?? true;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    news_category: 'General',
    image_url: null,
    is_published: published,
    author_id: 'a1',
    created_at: '2026-03-05T12:00:00Z',
    updated_at: '2026-03-05T12:00:00Z',
    author: { full_name: 'Eve Editor' },
    versions: [
      {
        language: 'en',
        title: title ?? `Article ${n}`,
        content: content ?? `Content of article ${n}`,
        image_alt: null,
        status: status ?? (published ? 'published' : 'draft'),
      },
    ],
    ...rest,
  };
}
