import type { NewsArticle } from '../api/types';

let n = 0;
export function makeArticle(over: Partial<NewsArticle> = {}): NewsArticle {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Article ${n}`,
    content: `Content of article ${n}`,
    news_category: 'General',
    image_url: null,
    is_published: true,
    author_id: 'a1',
    created_at: '2026-03-05T12:00:00Z',
    updated_at: '2026-03-05T12:00:00Z',
    author: { full_name: 'Eve Editor' },
    ...over,
  };
}
