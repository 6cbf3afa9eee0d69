import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asAnon,
  asService,
  asUser,
  createAuthUser,
  drivers,
  expectSqlState,
  openTestDb,
  type TestDb,
} from '@tagledger/db/testing';

describe.each(drivers)('news_articles RLS on %s', (driver) => {
  let t: TestDb;
  let standard: string;
  let moderator: string;
  let admin: string;
  let published: string;
  let draft: string;

  const insertAs = (userId: string, title: string, isPublished: boolean, category = 'General') =>
    asUser(t.db, userId, async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into public.news_articles (title, content, news_category, is_published, author_id)
         values ($1, 'Body text', $3, $2, $4) returning id`,
        [title, isPublished, category, userId],
      );
      return rows[0]!.id;
    });

  beforeAll(async () => {
    t = await openTestDb(driver);
    standard = await createAuthUser(t.db, { email: 'reader@example.test' });
    moderator = await createAuthUser(t.db, { role: 'moderator' });
    admin = await createAuthUser(t.db, {
      role: 'admin',
      email: 'editor@example.test',
      metadata: { full_name: 'Eve Editor' },
    });
    // Fixtures are written as the owner (asUser rolls its transaction back).
    published = (
      await t.db.query<{ id: string }>(
        `insert into public.news_articles (title, content, news_category, is_published, author_id)
         values ('Launch', 'We launched.', 'Company News', true, $1) returning id`,
        [admin],
      )
    ).rows[0]!.id;
    draft = (
      await t.db.query<{ id: string }>(
        `insert into public.news_articles (title, content, news_category, is_published, author_id)
         values ('Secret draft', 'Not yet.', 'Product Updates', false, $1) returning id`,
        [admin],
      )
    ).rows[0]!.id;
  });
  afterAll(() => t?.close());

  describe('select', () => {
    it('denies anonymous callers', async () => {
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query('select id from public.news_articles')),
        '42501',
      );
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query('select id from public.article_authors')),
        '42501',
      );
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query('select public.published_news_categories()')),
        '42501',
      );
    });

    it.each([
      ['standard', () => standard],
      ['moderator', () => moderator],
    ])('shows a %s user only published articles', async (_name, who) => {
      const rows = await asUser(
        t.db,
        who(),
        async (tx) => (await tx.query<{ id: string }>('select id from public.news_articles')).rows,
      );
      expect(rows.map((r) => r.id)).toEqual([published]);
    });

    it('shows admins drafts too', async () => {
      const rows = await asUser(
        t.db,
        admin,
        async (tx) => (await tx.query<{ id: string }>('select id from public.news_articles order by title')).rows,
      );
      expect(rows.map((r) => r.id)).toEqual([published, draft]);
    });

    it('gives readers the author name of published articles without opening the profile', async () => {
      const result = await asUser(t.db, standard, async (tx) => {
        const authors = (
          await tx.query<{ id: string; full_name: string }>('select id, full_name from public.article_authors')
        ).rows;
        const profiles = (await tx.query<{ id: string }>('select id from public.user_profiles')).rows;
        return { authors, profiles };
      });
      expect(result.authors).toEqual([{ id: admin, full_name: 'Eve Editor' }]);
      expect(result.profiles.map((p) => p.id)).toEqual([standard]);
    });

    it('hides authors who have only drafts from readers', async () => {
      const otherAdmin = await createAuthUser(t.db, { role: 'admin', metadata: { full_name: 'Drafty' } });
      await t.db.query(`insert into public.news_articles (title, content, author_id) values ('d', 'd', $1)`, [
        otherAdmin,
      ]);
      const authors = await asUser(
        t.db,
        standard,
        async (tx) => (await tx.query<{ id: string }>('select id from public.article_authors')).rows,
      );
      expect(authors.map((a) => a.id)).toEqual([admin]);
      const adminView = await asUser(
        t.db,
        admin,
        async (tx) => (await tx.query<{ id: string }>('select id from public.article_authors')).rows,
      );
      expect(adminView.map((a) => a.id).sort()).toEqual([admin, otherAdmin].sort());
    });

    it('keeps the author copy in sync with profile name changes', async () => {
      await t.db.query(`update public.user_profiles set full_name = 'Eve E.' where id = $1`, [admin]);
      const { rows } = await t.db.query<{ full_name: string }>(
        'select full_name from public.article_authors where id = $1',
        [admin],
      );
      expect(rows[0]?.full_name).toBe('Eve E.');
      await t.db.query(`update public.user_profiles set full_name = 'Eve Editor' where id = $1`, [admin]);
    });

    it('lists the distinct categories of published articles, sorted', async () => {
      await t.db.query(
        `insert into public.news_articles (title, content, news_category, is_published, author_id)
         values ('x', 'x', 'Announcements', true, $1), ('y', 'y', 'Announcements', true, $1), ('z', 'z', 'Zeta', false, $1)`,
        [admin],
      );
      const rows = await asUser(
        t.db,
        standard,
        async (tx) => (await tx.query<{ c: string }>('select c from public.published_news_categories() as c')).rows,
      );
      expect(rows.map((r) => r.c)).toEqual(['Announcements', 'Company News']);
      await t.db.query(`delete from public.news_articles where title in ('x', 'y', 'z')`);
    });
  });

  describe('insert', () => {
    it('denies anonymous callers', async () => {
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query(`insert into public.news_articles (title, content) values ('a', 'b')`)),
        '42501',
      );
    });

    it.each([
      ['standard', () => standard],
      ['moderator', () => moderator],
    ])('denies a %s user', async (_name, who) => {
      await expectSqlState(insertAs(who(), 'Mine', true), '42501');
    });

    it('lets an admin create an article as themselves, defaulting to a General draft', async () => {
      const row = await asUser(
        t.db,
        admin,
        async (tx) =>
          (
            await tx.query<{ news_category: string; is_published: boolean; author_id: string }>(
              `insert into public.news_articles (title, content) values ('Hello', 'World') returning news_category, is_published, author_id`,
            )
          ).rows[0],
      );
      expect(row).toEqual({ news_category: 'General', is_published: false, author_id: admin });
    });

    it('does not let an admin publish in the name of someone else', async () => {
      await expectSqlState(
        asUser(t.db, admin, (tx) =>
          tx.query(`insert into public.news_articles (title, content, author_id) values ('a', 'b', $1)`, [standard]),
        ),
        '42501',
      );
    });

    it.each([
      ['blank title', `'  '`, `'b'`, 'null'],
      ['blank content', `'a'`, `''`, 'null'],
      ['javascript image URL', `'a'`, `'b'`, `'javascript:alert(1)'`],
    ])('rejects a %s', async (_name, title, content, image) => {
      await expectSqlState(
        asUser(t.db, admin, (tx) =>
          tx.query(
            `insert into public.news_articles (title, content, image_url) values (${title}, ${content}, ${image})`,
          ),
        ),
        '23514',
      );
    });
  });

  describe('update', () => {
    it('denies anonymous callers', async () => {
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query(`update public.news_articles set title = 'x' where id = $1`, [published])),
        '42501',
      );
    });

    it.each([
      ['standard', () => standard],
      ['moderator', () => moderator],
    ])('changes nothing for a %s user', async (_name, who) => {
      const count = await asUser(
        t.db,
        who(),
        async (tx) =>
          (await tx.query(`update public.news_articles set is_published = false where id = $1`, [published])).rowCount,
      );
      expect(count).toBe(0);
      const draftCount = await asUser(
        t.db,
        who(),
        async (tx) =>
          (await tx.query(`update public.news_articles set is_published = true where id = $1`, [draft])).rowCount,
      );
      expect(draftCount).toBe(0);
    });

    it('lets an admin edit, publish and unpublish', async () => {
      const row = await asUser(t.db, admin, async (tx) => {
        await tx.query(`update public.news_articles set is_published = true, title = 'Draft no more' where id = $1`, [
          draft,
        ]);
        return (
          await tx.query<{ title: string; is_published: boolean }>(
            'select title, is_published from public.news_articles where id = $1',
            [draft],
          )
        ).rows[0];
      });
      expect(row).toEqual({ title: 'Draft no more', is_published: true });
    });

    it('does not let anyone re-assign the author through the API', async () => {
      await expectSqlState(
        asUser(t.db, admin, (tx) =>
          tx.query(`update public.news_articles set author_id = $2 where id = $1`, [published, standard]),
        ),
        '42501',
      );
    });
  });

  describe('delete', () => {
    it('denies anonymous callers', async () => {
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query('delete from public.news_articles where id = $1', [published])),
        '42501',
      );
    });

    it.each([
      ['standard', () => standard],
      ['moderator', () => moderator],
    ])('deletes nothing for a %s user', async (_name, who) => {
      const count = await asUser(
        t.db,
        who(),
        async (tx) => (await tx.query('delete from public.news_articles where id = $1', [published])).rowCount,
      );
      expect(count).toBe(0);
    });

    it('lets an admin delete', async () => {
      const count = await asUser(
        t.db,
        admin,
        async (tx) => (await tx.query('delete from public.news_articles where id = $1', [published])).rowCount,
      );
      expect(count).toBe(1);
    });

    it('lets the service role do everything', async () => {
      const n = await asService(t.db, async (tx) => (await tx.query('select id from public.news_articles')).rowCount);
      expect(n).toBeGreaterThanOrEqual(2);
    });
  });
});
