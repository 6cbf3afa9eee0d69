import { formatDate } from '@/lib/i18n/format';
import { i18n } from '@/lib/i18n/i18n';
import type { NewsArticle, NewsLanguage, NewsVersion } from '../api/types';
// Pure helpers for how articles are shown (SPEC §2 News page / News management, §9).

// Stored in English (the category is the key readers filter by); shown in the reader's language.
export const DEFAULT_CATEGORIES = [
  /*i18n*/ 'Company News',
  /*i18n*/ 'Product Updates',
  /*i18n*/ 'Industry News',
  /*i18n*/ 'Announcements',
  /*i18n*/ 'Technical Updates',
  /*i18n*/ 'General',
] as const;

/** A category as the reader sees it: the default ones translated, others as the admin wrote them. */
export function categoryLabel(category: string): string {
  return (DEFAULT_CATEGORIES as readonly string[]).includes(category) ? i18n._(category) : category;
}

/** The language of the interface, as a news language (anything else reads English first). */
export function readerLanguage(locale: string = i18n.locale): NewsLanguage {
  return locale.startsWith('fr') ? 'fr' : 'en';
}

/**
 * The version a reader gets: the published one in their language, else the other published one
 * (then `untranslated` is true and the screen says so). Null when neither is published.
 */
export function readerVersion(
  article: Pick<NewsArticle, 'versions'>,
  language: NewsLanguage = readerLanguage(),
): { version: NewsVersion; untranslated: boolean } | null {
  const published = article.versions.filter((v) => v.status === 'published');
  const own = published.find((v) => v.language === language);
  if (own) return { version: own, untranslated: false };
  const other = published[0];
  return other ? { version: other, untranslated: true } : null;
}

/** The version an admin's list shows: the interface language's, else the other one. */
export function adminVersion(article: Pick<NewsArticle, 'versions'>, language = readerLanguage()): NewsVersion | null {
  return article.versions.find((v) => v.language === language) ?? article.versions[0] ?? null;
}
export const DEFAULT_CATEGORY = 'General';

export const CARD_EXCERPT_LENGTH = 150;
export const ADMIN_EXCERPT_LENGTH = 200;

/** The first `length` characters of the content, with an ellipsis when it was cut. */
export function excerpt(content: string, length: number): string {
  const chars = Array.from(content);
  return chars.length > length ? `${chars.slice(0, length).join('')}...` : content;
}

/** 'MMM d, yyyy' — cards and the admin list. */
export const shortDate = (iso: string) => formatDate(iso);
/** 'MMMM d, yyyy' — the full article. */
export const longDate = (iso: string) => formatDate(iso, { month: 'long' });

/** Paragraphs split on line breaks, blank lines dropped. Rendered as text, never as HTML. */
export function paragraphs(content: string): string[] {
  return content
    .split(/\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/** The form's category list: the defaults, then further categories of published articles, sorted. */
export function categoryOptions(published: readonly string[], current?: string): string[] {
  const extra = [...published, ...(current ? [current] : [])].filter(
    (c) => !(DEFAULT_CATEGORIES as readonly string[]).includes(c),
  );
  return [...DEFAULT_CATEGORIES, ...Array.from(new Set(extra)).sort()];
}

/** True for an absolute http(s) URL (the only image URLs we store). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !/\s/.test(value);
  } catch {
    return false;
  }
}
