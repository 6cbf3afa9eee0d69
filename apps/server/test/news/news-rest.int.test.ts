// The exact data calls the news screens make (apps/web/src/features/news/api), through the real
// server and supabase-js: the author embed through article_authors, the versions embed (one per
// language, drafts hidden from readers), the category RPC, counts, and admin writes through
// save_news_article — and what a reader or a visitor gets for the same calls.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

const ARTICLE_SELECT =
  'id, news_category, image_url, is_published, author_id, created_at, updated_at, author:article_authors(full_name), versions:news_article_versions(language, title, content, image_alt, status)';

interface Version {
  language: 'en' | 'fr';
  title: string;
  content: string;
  image_alt: string | null;
  status: 'draft' | 'published';
}
interface Row {
  id: string;
  is_published: boolean;
  author: { full_name: string | null } | null;
  versions: Version[];
}

const titles = (rows: Row[] | null) =>
  (rows ?? []).map((r) =>
    r.versions
      .map((v) => `${v.language}:${v.title}`)
      .sort()
      .join('|'),
  );

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
    const rows: Array<[string, Partial<Record<'en' | 'fr', [string, 'draft' | 'published']>>, string]> = [
      ['Company News', { en: ['Old news', 'published'] }, '2026-01-01T00:00:00Z'],
      ['Product Updates', { en: ['Update 1', 'published'], fr: ['Mise à jour 1', 'draft'] }, '2026-02-01T00:00:00Z'],
      ['Industry News', { en: ['Hidden draft', 'draft'] }, '2026-03-01T00:00:00Z'],
      ['Announcements', { en: ['Unfinished', 'draft'], fr: ['Annonce', 'published'] }, '2026-04-01T00:00:00Z'],
    ];
    for (const [category, versions, at] of rows) {
      const { rows: made } = await server.ctx.db.query<{ id: string }>(
        `insert into public.news_articles (news_category, author_id, created_at) values ($1, $2, $3) returning id`,
        [category, admin.id, at],
      );
      for (const [language, [title, status]] of Object.entries(versions)) {
        await server.ctx.db.query(
          `insert into public.news_article_versions (article_id, language, title, content, status) values ($1, $2, $3, 'Body', $4)`,
          [made[0]!.id, language, title, status],
        );
      }
    }
    // Starting a server migrates a fresh database: slow on a loaded machine.
  }, 180_000);
  afterAll(() => server?.close());

  it('gives readers published articles newest first, with the author and only published versions', async () => {
    const { data, error } = await reader.client
      .from('news_articles')
      .select(ARTICLE_SELECT)
      .eq('is_published', true)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(0, 11);
    expect(error).toBeNull();
    const rows = data as unknown as Row[];
    expect(titles(rows)).toEqual(['fr:Annonce', 'en:Update 1', 'en:Old news']);
    expect(rows[0]!.author).toEqual({ full_name: 'Eve Editor' });
    expect(JSON.stringify(rows)).not.toContain('Mise à jour');
    expect(JSON.stringify(rows)).not.toContain('Unfinished');
  });

  it('hides drafts from readers even when asked for them', async () => {
    const articles = await reader.client.from('news_articles').select('id').eq('is_published', false);
    expect(articles.data).toEqual([]);
    const versions = await reader.client.from('news_article_versions').select('title').eq('status', 'draft');
    expect(versions.error).toBeNull();
    expect(versions.data).toEqual([]);
  });

  it('shows admins every version with its status', async () => {
    const { data, error } = await admin.client
      .from('news_articles')
      .select(ARTICLE_SELECT)
      .order('created_at', { ascending: false });
    expect(error).toBeNull();
    expect(titles(data as unknown as Row[])).toEqual([
      'en:Unfinished|fr:Annonce',
      'en:Hidden draft',
      'en:Update 1|fr:Mise à jour 1',
      'en:Old news',
    ]);
  });

  it('filters by category and lists published categories', async () => {
    const filtered = await reader.client
      .from('news_articles')
      .select('versions:news_article_versions(title)')
      .eq('is_published', true)
      .eq('news_category', 'Product Updates');
    expect(filtered.data).toEqual([{ versions: [{ title: 'Update 1' }] }]);
    const cats = await reader.client.rpc('published_news_categories');
    expect(cats.error).toBeNull();
    expect(cats.data).toEqual(['Announcements', 'Company News', 'Product Updates']);
  });

  it('counts published and draft articles for admins', async () => {
    const pub = await admin.client
      .from('news_articles')
      .select('id', { count: 'exact', head: true })
      .eq('is_published', true);
    const drafts = await admin.client
      .from('news_articles')
      .select('id', { count: 'exact', head: true })
      .eq('is_published', false);
    expect([pub.count, drafts.count]).toEqual([3, 1]);
  });

  it('shows nothing to visitors without a session', async () => {
    for (const table of ['news_articles', 'news_article_versions'] as const) {
      const { data, error } = await server.anonClient().from(table).select('*');
      expect(data ?? []).toEqual([]);
      expect(error).not.toBeNull();
    }
  });

  it('lets an admin write both languages, publish one, unpublish and delete; a reader can do none of it', async () => {
    const save = (client: TestUser['client'], id: string | null, en: unknown, fr: unknown) =>
      client.rpc('save_news_article', {
        p_id: id,
        p_category: 'General',
        p_image_url: null,
        p_versions: { en, fr },
      });
    const created = await save(admin.client, null, { title: 'Fresh', content: 'New\nlines', status: 'draft' }, null);
    expect(created.error).toBeNull();
    const id = created.data as unknown as string;

    const withFrench = await save(
      admin.client,
      id,
      { title: 'Fresh', content: 'New\nlines', status: 'draft' },
      { title: 'Tout neuf', content: 'Nouvelles\nlignes', image_alt: 'Un vélo rouge', status: 'published' },
    );
    expect(withFrench.error).toBeNull();
    const seen = await reader.client.from('news_articles').select(ARTICLE_SELECT).eq('id', id).single();
    expect(seen.error).toBeNull();
    expect((seen.data as unknown as Row).versions).toEqual([
      {
        language: 'fr',
        title: 'Tout neuf',
        content: 'Nouvelles\nlignes',
        image_alt: 'Un vélo rouge',
        status: 'published',
      },
    ]);

    const denied = await save(reader.client, null, { title: 'x', content: 'y', status: 'published' }, null);
    expect(denied.error?.code).toBe('42501');
    const deniedInsert = await reader.client
      .from('news_article_versions')
      .insert({ article_id: id, language: 'en', title: 'x', content: 'y' });
    expect(deniedInsert.error).not.toBeNull();
    const noUpdate = await reader.client
      .from('news_article_versions')
      .update({ status: 'draft' })
      .eq('article_id', id)
      .select('language');
    expect(noUpdate.data ?? []).toEqual([]);
    const noDelete = await reader.client.from('news_articles').delete().eq('id', id).select('id');
    expect(noDelete.data ?? []).toEqual([]);

    const unpublished = await admin.client
      .from('news_article_versions')
      .update({ status: 'draft' })
      .eq('article_id', id)
      .select('language');
    expect(unpublished.data).toHaveLength(2);
    const article = await admin.client.from('news_articles').select('is_published').eq('id', id).single();
    expect(article.data).toEqual({ is_published: false });
    const deleted = await admin.client.from('news_articles').delete().eq('id', id).select('id');
    expect(deleted.data).toEqual([{ id }]);
  });

  it('refuses an article without a version or with an over-long title', async () => {
    const none = await admin.client.rpc('save_news_article', {
      p_id: null,
      p_category: 'General',
      p_image_url: null,
      p_versions: { en: null, fr: null },
    });
    expect(none.error?.code).toBe('22023');
    const long = await admin.client.rpc('save_news_article', {
      p_id: null,
      p_category: 'General',
      p_image_url: null,
      p_versions: { fr: { title: 'x'.repeat(301), content: 'b' } },
    });
    expect(long.error?.code).toBe('23514');
  });
});
