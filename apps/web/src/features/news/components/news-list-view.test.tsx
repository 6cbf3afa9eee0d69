import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@/lib/i18n/i18n';
import { excerpt, paragraphs, readerVersion } from '../lib/format';
import type { NewsVersion } from '../api/types';
import { makeArticle } from '../test/fixtures';
import { NewsListView, type NewsListViewProps } from './news-list-view';

// Generous waits: the suite shares a busy machine; nothing here asserts on timing.
configure({ asyncUtilTimeout: 5000 });

function renderView(over: Partial<NewsListViewProps> = {}) {
  const props: NewsListViewProps = {
    articles: [],
    categories: [],
    selectedCategory: null,
    onSelectCategory: vi.fn(),
    loading: false,
    failed: false,
    hasMore: false,
    loadingMore: false,
    onLoadMore: vi.fn(),
    fallbackAuthor: 'TagLedger Team',
    ...over,
  };
  render(<NewsListView {...props} />);
  return props;
}

describe('NewsListView', () => {
  it('shows the heading and the empty texts', () => {
    renderView();
    expect(screen.getByRole('heading', { level: 1, name: 'Latest News' })).toBeInTheDocument();
    expect(screen.getByText('No articles yet')).toBeInTheDocument();
    expect(screen.getByText('Check back soon for the latest news and updates!')).toBeInTheDocument();
  });

  it('shows the filtered-empty text for a category', () => {
    renderView({ selectedCategory: 'Industry News', categories: ['General', 'Industry News'] });
    expect(screen.getByText('No articles found in "Industry News" category.')).toBeInTheDocument();
    expect(screen.queryByText('No articles yet')).not.toBeInTheDocument();
  });

  it('shows the load failure text', () => {
    renderView({ failed: true });
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load news articles');
  });

  it('shows the category row only when more than one category exists', () => {
    const { unmount } = render(<NewsListView {...baseProps()} categories={['General']} />);
    expect(screen.queryByRole('group', { name: 'Filter by category' })).not.toBeInTheDocument();
    unmount();
    const props = renderView({ categories: ['Announcements', 'General'] });
    const group = screen.getByRole('group', { name: 'Filter by category' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Announcements', 'General']);
    expect(within(group).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(within(group).getByRole('button', { name: 'General' }));
    expect(props.onSelectCategory).toHaveBeenCalledWith('General');
  });

  it('renders a card with category, title, a 150-character excerpt, author and short date', () => {
    const content = 'x'.repeat(149) + 'YZ' + ' tail';
    renderView({ articles: [makeArticle({ title: 'Big launch', content, news_category: 'Company News' })] });
    const card = screen.getByRole('article');
    expect(within(card).getByText('Company News')).toBeInTheDocument();
    expect(within(card).getByText('Big launch')).toBeInTheDocument();
    expect(within(card).getByText(`${'x'.repeat(149)}Y...`)).toBeInTheDocument();
    expect(within(card).getByText('Eve Editor')).toBeInTheDocument();
    expect(within(card).getByText('Mar 5, 2026')).toBeInTheDocument();
    expect(within(card).getByTestId('article-image-placeholder')).toBeInTheDocument();
  });

  it("falls back to the product's team name when the author has no name", () => {
    renderView({ articles: [makeArticle({ author: null }), makeArticle({ author: { full_name: null } })] });
    expect(screen.getAllByText('TagLedger Team')).toHaveLength(2);
  });

  it('replaces a failing image with the placeholder', () => {
    renderView({ articles: [makeArticle({ title: 'Pic', image_url: 'https://img.example.test/broken.png' })] });
    const img = screen.getByRole('img', { name: 'Pic' });
    fireEvent.error(img);
    expect(screen.queryByRole('img', { name: 'Pic' })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Image unavailable' })).toBeInTheDocument();
  });

  it('opens the full article with paragraphs, the long date, and content as text (never HTML)', async () => {
    const content = 'First paragraph.\n\nSecond <b>bold</b> paragraph.\r\nThird.';
    renderView({ articles: [makeArticle({ title: 'Full story', content })] });
    await userEvent.click(screen.getByRole('button', { name: 'Read More: Full story' }));
    const dialog = await screen.findByRole('dialog', { name: 'Full story' });
    const body = within(dialog).getByTestId('article-body');
    expect(Array.from(body.querySelectorAll('p')).map((p) => p.textContent)).toEqual([
      'First paragraph.',
      'Second <b>bold</b> paragraph.',
      'Third.',
    ]);
    expect(body.querySelector('b')).toBeNull();
    expect(within(dialog).getByText('March 5, 2026')).toBeInTheDocument();
  });

  it('asks for the next page from the fallback button', () => {
    const props = renderView({ articles: [makeArticle()], hasMore: true });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(props.onLoadMore).toHaveBeenCalled();
  });
});

describe('NewsListView in two languages', () => {
  const fr: NewsVersion = {
    language: 'fr',
    title: 'Lancement',
    content: 'Nous avons lancé.',
    image_alt: 'Un vélo rouge',
    status: 'published',
  };
  const en: NewsVersion = {
    language: 'en',
    title: 'Launch',
    content: 'We launched.',
    image_alt: null,
    status: 'published',
  };
  afterEach(() => activateLocale('en'));

  it('gives a French reader the French version, the translated category and the image description', async () => {
    await activateLocale('fr');
    renderView({
      articles: [
        makeArticle({ news_category: 'Announcements', image_url: 'https://img.test/a.png', versions: [en, fr] }),
      ],
    });
    const card = screen.getByRole('article');
    expect(card).toHaveAttribute('lang', 'fr');
    expect(within(card).getByText('Lancement')).toBeInTheDocument();
    expect(within(card).queryByText('Launch')).not.toBeInTheDocument();
    expect(within(card).getByText('Annonces')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Un vélo rouge' })).toBeInTheDocument();
    expect(within(card).queryByTestId('untranslated-note')).not.toBeInTheDocument();
  });

  it('gives a French reader an English-only article with a "not yet translated" note, in French', async () => {
    await activateLocale('fr');
    renderView({ articles: [makeArticle({ versions: [en] })] });
    const card = screen.getByRole('article');
    expect(card).toHaveAttribute('lang', 'en');
    expect(within(card).getByText('Launch')).toBeInTheDocument();
    expect(within(card).getByTestId('untranslated-note')).toHaveTextContent('Pas encore traduit : affiché en anglais.');
  });

  it('gives an English reader a French-only article with the note in English, also in the full article', async () => {
    renderView({ articles: [makeArticle({ versions: [fr] })] });
    expect(within(screen.getByRole('article')).getByTestId('untranslated-note')).toHaveTextContent(
      'Not yet translated: shown in French.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Read More: Lancement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lancement' });
    expect(within(dialog).getByTestId('untranslated-note')).toBeInTheDocument();
    expect(within(dialog).getByTestId('article-body')).toHaveTextContent('Nous avons lancé.');
  });

  it('never shows a draft version, whoever reads (admins load drafts too)', () => {
    expect(readerVersion({ versions: [{ ...fr, status: 'draft' }, en] }, 'fr')).toEqual({
      version: en,
      untranslated: true,
    });
    expect(readerVersion({ versions: [{ ...fr, status: 'draft' }] }, 'fr')).toBeNull();
  });
});

function baseProps(): NewsListViewProps {
  return {
    articles: [],
    categories: [],
    selectedCategory: null,
    onSelectCategory: () => undefined,
    loading: false,
    failed: false,
    hasMore: false,
    loadingMore: false,
    onLoadMore: () => undefined,
    fallbackAuthor: 'TagLedger Team',
  };
}

describe('format helpers', () => {
  it('cuts excerpts only when longer than the limit', () => {
    expect(excerpt('short', 150)).toBe('short');
    expect(excerpt('a'.repeat(200), 150)).toBe(`${'a'.repeat(150)}...`);
  });
  it('splits paragraphs on line breaks and drops blank lines', () => {
    expect(paragraphs('a\n\n b \r\nc')).toEqual(['a', 'b', 'c']);
  });
});
