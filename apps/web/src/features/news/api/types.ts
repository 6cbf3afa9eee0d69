// The article shape the screens use: the row, its author (embedded through the article_authors
// foreign key, which exposes only the author's name — authors' e-mail addresses are for admins,
// from user_profiles, and no screen shows them) and its versions, one per language (decision 0155;
// readers receive only published versions, RLS decides).
import type { Tables } from '@tagledger/db/types';

export type NewsAuthor = Pick<Tables<'article_authors'>, 'full_name'>;

export type NewsLanguage = 'en' | 'fr';
export const NEWS_LANGUAGES: readonly NewsLanguage[] = ['en', 'fr'];
export type NewsStatus = 'draft' | 'published';

export type NewsVersion = Pick<Tables<'news_article_versions'>, 'title' | 'content' | 'image_alt'> & {
  language: NewsLanguage;
  status: NewsStatus;
};

export type NewsArticle = Tables<'news_articles'> & { author: NewsAuthor | null; versions: NewsVersion[] };

export const ARTICLE_SELECT =
  'id, news_category, image_url, is_published, author_id, created_at, updated_at, author:article_authors(full_name), versions:news_article_versions(language, title, content, image_alt, status)';

export const NEWS_PAGE_SIZE = 12;

export type VersionInput = Omit<NewsVersion, 'language'>;

/** What the form saves: the shared fields, and each language's version (null: none). */
export interface ArticleInput {
  news_category: string;
  image_url: string | null;
  versions: Record<NewsLanguage, VersionInput | null>;
}
