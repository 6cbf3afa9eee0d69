import { configure, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeArticle } from '../test/fixtures';
import { NewsManagementView, type NewsManagementViewProps } from './news-management-view';

// Generous waits: the suite shares a busy machine; nothing here asserts on timing.
configure({ asyncUtilTimeout: 5000 });

function renderView(over: Partial<NewsManagementViewProps> = {}) {
  const props: NewsManagementViewProps = {
    articles: [],
    counts: { published: 3, drafts: 2, total: 5 },
    loading: false,
    error: null,
    onRetry: vi.fn(),
    hasMore: false,
    loadingMore: false,
    onLoadMore: vi.fn(),
    busyId: null,
    onCreate: vi.fn(),
    onEdit: vi.fn(),
    onTogglePublish: vi.fn(),
    deleting: null,
    deletePending: false,
    onAskDelete: vi.fn(),
    onConfirmDelete: vi.fn(),
    ...over,
  };
  const utils = render(<NewsManagementView {...props} />);
  return { props, ...utils };
}

describe('NewsManagementView', () => {
  it('shows the header, Create Article and the three counters', () => {
    const { props } = renderView();
    expect(screen.getByRole('heading', { level: 1, name: 'News Management' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create Article' }));
    expect(props.onCreate).toHaveBeenCalled();
    expect(screen.getByTestId('count-Published')).toHaveTextContent('3');
    expect(screen.getByTestId('count-Drafts')).toHaveTextContent('2');
    expect(screen.getByTestId('count-Total Articles')).toHaveTextContent('5');
    expect(screen.getByText('All Articles')).toBeInTheDocument();
  });

  it('shows the empty state with Create First Article', () => {
    const { props } = renderView({ counts: { published: 0, drafts: 0, total: 0 } });
    expect(screen.getByText('No articles yet')).toBeInTheDocument();
    expect(screen.getByText('Create your first news article to get started.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Create First Article' }));
    expect(props.onCreate).toHaveBeenCalled();
  });

  it("shows 'Error: {message}' with Retry and no rows", () => {
    const { props } = renderView({ error: 'Failed to fetch articles', articles: [] });
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Failed to fetch articles');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(props.onRetry).toHaveBeenCalled();
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('renders rows with badge, category, a 200-character excerpt, author fallback and date', () => {
    const long = 'b'.repeat(201);
    renderView({
      articles: [
        makeArticle({ title: 'Live one', is_published: true, news_category: 'Announcements' }),
        makeArticle({ title: 'Draft one', is_published: false, author: null, content: long }),
      ],
    });
    const [live, draft] = screen.getAllByRole('listitem');
    expect(within(live!).getByText('Published')).toBeInTheDocument();
    expect(within(live!).getByText('Announcements')).toBeInTheDocument();
    expect(within(live!).getByText('Eve Editor')).toBeInTheDocument();
    expect(within(live!).getByText('Mar 5, 2026')).toBeInTheDocument();
    expect(within(draft!).getByText('Draft')).toBeInTheDocument();
    expect(within(draft!).getByText('Unknown Author')).toBeInTheDocument();
    expect(within(draft!).getByText(`${'b'.repeat(200)}...`)).toBeInTheDocument();
  });

  it('shows each language with its status', () => {
    renderView({
      articles: [
        makeArticle({
          versions: [
            { language: 'en', title: 'Launch', content: 'c', image_alt: null, status: 'draft' },
            { language: 'fr', title: 'Lancement', content: 'c', image_alt: null, status: 'published' },
          ],
        }),
      ],
    });
    const languages = screen.getByTestId('article-languages');
    expect(within(languages).getByText('English: draft')).toBeInTheDocument();
    expect(within(languages).getByText('French: published')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Launch' })).toBeInTheDocument();
  });

  it('wires the row actions', () => {
    const article = makeArticle({ title: 'Row', is_published: false });
    const { props } = renderView({ articles: [article] });
    fireEvent.click(screen.getByRole('button', { name: 'Publish Row' }));
    expect(props.onTogglePublish).toHaveBeenCalledWith(article);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Row' }));
    expect(props.onEdit).toHaveBeenCalledWith(article);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Row' }));
    expect(props.onAskDelete).toHaveBeenCalledWith(article);
  });

  it('asks for delete confirmation with the exact texts', async () => {
    const article = makeArticle({ title: 'Doomed' });
    const { props } = renderView({ articles: [article], deleting: article });
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Are you sure you want to delete this article? This action cannot be undone.'),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Article' }));
    expect(props.onConfirmDelete).toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(props.onAskDelete).toHaveBeenCalledWith(null);
  });
});
