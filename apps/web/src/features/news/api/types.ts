// The article shape the screens use: the row plus its author (embedded through the
// article_authors foreign key, which exposes only the author's name — authors' e-mail addresses
// are for admins, from user_profiles, and no screen shows them).
export interface NewsAuthor {
  full_name: string | null;
}

export interface NewsArticle {
  id: string;
  title: string;
  content: string;
  news_category: string;
  image_url: string | null;
  is_published: boolean;
  author_id: string | null;
  created_at: string;
  updated_at: string;
  author: NewsAuthor | null;
}

export const ARTICLE_SELECT =
  'id, title, content, news_category, image_url, is_published, author_id, created_at, updated_at, author:article_authors(full_name)';

export const NEWS_PAGE_SIZE = 12;

export interface ArticleInput {
  title: string;
  content: string;
  news_category: string;
  image_url: string | null;
  is_published: boolean;
}
