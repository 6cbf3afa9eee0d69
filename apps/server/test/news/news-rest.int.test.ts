// The exact data calls the news screens make (apps/web/src/features/news/api), through the real
// server and supabase-js: the author embed through article_authors, the category RPC, head
// counts, and admin writes — and what a reader or a visitor gets for the same calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

const ARTICLE_SELECT =
  'id, title, content, news_category, image_url, is_published, author_id, created_at, updated_at, author:article_authors(full_name)';

describe.each(drivers)('news through the data API on %s', (driver) => {
  let server: TestServer;
  let admin: TestUser;
  let reader: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ driver });
    admin = await createTestUser(server, {
      role: 'admin',
      email: `ed-${driver}@example.test`,
      metadata: { full_name: 'Eve Editor' },
    });
    reader = await createTestUser(server, { email: `reader-${driver}@example.test` });
    const rows: Array<[string, string, boolean, string]> = [
      ['Old news', 'Company News', true, '2026-01-01T00:00:00Z'],
      ['Update 1', 'Product Updates', true, '2026-02-01T00:00:00Z'],
      ['Hidden draft', 'Industry News', false, '2026-03-01T00:00:00Z'],
    ];
    for (const [title, category, published, at] of rows) {
      await server.ctx.db.query(
        `insert into public.news_articles (title, content, news_category, is_published, author_id, created_at)
         values ($1, 'Body', $2, $3, $4, $5)`,
        [title, category, published, admin.id, at],
      );
    }
    // Starting a server migrates a fresh database: slow on a loaded machine.
  }, 180_000);
  afterAll(() => server?.close());

  it('gives readers published articles newest first, with the author embedded', async () => {
    const { data, error } = await reader.client
      .from('news_articles')
      .select(ARTICLE_SELECT)
      .eq('is_published', true)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(0, 11);
    expect(error).toBeNull();
    expect(data!.map((a) => a.title)).toEqual(['Update 1', 'Old news']);
    expect(data![0]!.author).toEqual({ full_name: 'Eve Editor' });
  });

  it('hides drafts from readers even when asked for them', async () => {
    const { data } = await reader.client.from('news_articles').select('title').eq('is_published', false);
    expect(data).toEqual([]);
  });

  it('filters by category and lists published categories', async () => {
    const filtered = await reader.client
      .from('news_articles')
      .select('title')
      .eq('is_published', true)
      .eq('news_category', 'Product Updates');
    expect(filtered.data).toEqual([{ title: 'Update 1' }]);
    const cats = await reader.client.rpc('published_news_categories');
    expect(cats.error).toBeNull();
    expect(cats.data).toEqual(['Company News', 'Product Updates']);
  });

  it('counts published and draft articles with head requests for admins', async () => {
    const pub = await admin.client
      .from('news_articles')
      .select('id', { count: 'exact', head: true })
      .eq('is_published', true);
    const drafts = await admin.client
      .from('news_articles')
      .select('id', { count: 'exact', head: true })
      .eq('is_published', false);
    expect([pub.count, drafts.count]).toEqual([2, 1]);
  });

  it('shows nothing to visitors without a session', async () => {
    const { data, error } = await server.anonClient().from('news_articles').select('id');
    expect(data ?? []).toEqual([]);
    expect(error).not.toBeNull();
  });

  it('lets an admin create, publish, unpublish and delete; a reader can do none of it', async () => {
    const created = await admin.client
      .from('news_articles')
      .insert({
        title: 'Fresh',
        content: 'New\nlines',
        news_category: 'General',
        image_url: null,
        is_published: false,
        author_id: admin.id,
      })
      .select(ARTICLE_SELECT)
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ title: 'Fresh', is_published: false, author: { full_name: 'Eve Editor' } });
    const id = created.data!.id as string;

    const published = await admin.client
      .from('news_articles')
      .update({ is_published: true })
      .eq('id', id)
      .select(ARTICLE_SELECT)
      .single();
    expect(published.data?.is_published).toBe(true);

    const denied = await reader.client.from('news_articles').insert({ title: 'x', content: 'y', author_id: reader.id });
    expect(denied.error).not.toBeNull();
    const noUpdate = await reader.client
      .from('news_articles')
      .update({ is_published: false })
      .eq('id', id)
      .select('id');
    expect(noUpdate.data ?? []).toEqual([]);
    const noDelete = await reader.client.from('news_articles').delete().eq('id', id).select('id');
    expect(noDelete.data ?? []).toEqual([]);

    const unpublished = await admin.client
      .from('news_articles')
      .update({ is_published: false })
      .eq('id', id)
      .select(ARTICLE_SELECT)
      .single();
    expect(unpublished.data?.is_published).toBe(false);
    const deleted = await admin.client.from('news_articles').delete().eq('id', id).select('id');
    expect(deleted.data).toEqual([{ id }]);
  });
});
