// The article shape the screens use: the row plus its author (embedded through the
// article_authors foreign key, which exposes only the author's name — authors' e-mail addresses
// are for admins, from user_profiles, and no screen shows them).
import type { Tables } from '@tagledger/db/types';

export type NewsAuthor = Pick<Tables<'article_authors'>, 'full_name'>;

export type NewsArticle = Tables<'news_articles'> & { author: NewsAuthor | null };

export const ARTICLE_SELECT =
  'id, title, content, news_category, image_url, is_published, author_id, created_at, updated_at, author:article_authors(full_name)';

export const NEWS_PAGE_SIZE = 12;

export type ArticleInput = Pick<NewsArticle, 'title' | 'content' | 'news_category' | 'image_url' | 'is_published'>;
