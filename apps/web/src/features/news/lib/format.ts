import { formatDate } from '@/lib/i18n/format';
// Pure helpers for how articles are shown (SPEC §2 News page / News management, §9).

export const DEFAULT_CATEGORIES = [
  'Company News',
  'Product Updates',
  'Industry News',
  'Announcements',
  'Technical Updates',
  'General',
] as const;
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
