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
import type { Db } from '@tagledger/db';

type Status = 'draft' | 'published';

/** An article with versions, written as the database owner (fixtures outlive asUser's rollback). */
async function seedArticle(
  db: Db,
  authorId: string,
  category: string,
  versions: Partial<Record<'en' | 'fr', { title: string; status: Status }>>,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.news_articles (news_category, author_id) values ($1, $2) returning id`,
    [category, authorId],
  );
  const id = rows[0]!.id;
  for (const [language, v] of Object.entries(versions)) {
    await db.query(
      `insert into public.news_article_versions (article_id, language, title, content, status)
       values ($1, $2, $3, 'Body text', $4)`,
      [id, language, v.title, v.status],
    );
  }
  return id;
}

const saveSql = `select public.save_news_article($1, $2, $3, $4::jsonb) as id`;

describe.each(drivers)('news_articles and their versions: RLS on %s', (driver) => {
  let t: TestDb;
  let standard: string;
  let moderator: string;
  let admin: string;
  let published: string;
  let draft: string;
  let bilingual: string;

  beforeAll(async () => {
    t = await openTestDb(driver);
    standard = await createAuthUser(t.db, { email: 'reader@example.test' });
    moderator = await createAuthUser(t.db, { role: 'moderator' });
    admin = await createAuthUser(t.db, {
      role: 'admin',
      email: 'editor@example.test',
      metadata: { full_name: 'Eve Editor' },
    });
    published = await seedArticle(t.db, admin, 'Company News', { en: { title: 'Launch', status: 'published' } });
    draft = await seedArticle(t.db, admin, 'Product Updates', { en: { title: 'Secret draft', status: 'draft' } });
    // Published in French only; its English translation is still a draft.
    bilingual = await seedArticle(t.db, admin, 'Announcements', {
      en: { title: 'English draft', status: 'draft' },
      fr: { title: 'Lancement', status: 'published' },
    });
  });
  afterAll(() => t?.close());

  const readerCases = [
    ['standard', () => standard],
    ['moderator', () => moderator],
  ] as const;

  describe('select', () => {
    it('denies anonymous callers', async () => {
      for (const sql of [
        'select id from public.news_articles',
        'select title from public.news_article_versions',
        'select id from public.article_authors',
        'select public.published_news_categories()',
      ]) {
        await expectSqlState(
          asAnon(t.db, (tx) => tx.query(sql)),
          '42501',
        );
      }
    });

    it('keeps is_published true exactly while an article has a published version', async () => {
      const { rows } = await t.db.query<{ id: string; is_published: boolean }>(
        'select id, is_published from public.news_articles where id = any($1)',
        [[published, draft, bilingual]],
      );
      expect(Object.fromEntries(rows.map((r) => [r.id, r.is_published]))).toEqual({
        [published]: true,
        [draft]: false,
        [bilingual]: true,
      });
    });

    it.each(readerCases)('shows a %s user only published articles and published versions', async (_name, who) => {
      const seen = await asUser(t.db, who(), async (tx) => ({
        articles: (await tx.query<{ id: string }>('select id from public.news_articles')).rows.map((r) => r.id),
        versions: (
          await tx.query<{ title: string; language: string }>(
            'select title, language from public.news_article_versions order by title',
          )
        ).rows,
      }));
      expect(seen.articles.sort()).toEqual([published, bilingual].sort());
      expect(seen.versions).toEqual([
        { title: 'Lancement', language: 'fr' },
        { title: 'Launch', language: 'en' },
      ]);
    });

    it('shows admins drafts too', async () => {
      const seen = await asUser(t.db, admin, async (tx) => ({
        articles: (await tx.query<{ id: string }>('select id from public.news_articles')).rowCount,
        versions: (
          await tx.query<{ title: string }>('select title from public.news_article_versions order by title')
        ).rows.map((r) => r.title),
      }));
      expect(seen.articles).toBe(3);
      expect(seen.versions).toEqual(['English draft', 'Lancement', 'Launch', 'Secret draft']);
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
      await seedArticle(t.db, otherAdmin, 'General', { fr: { title: 'Brouillon', status: 'draft' } });
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
      const zeta = await seedArticle(t.db, admin, 'Zeta', { en: { title: 'z', status: 'draft' } });
      const rows = await asUser(
        t.db,
        standard,
        async (tx) => (await tx.query<{ c: string }>('select c from public.published_news_categories() as c')).rows,
      );
      expect(rows.map((r) => r.c)).toEqual(['Announcements', 'Company News']);
      await t.db.query(`delete from public.news_articles where id = $1`, [zeta]);
    });
  });

  describe('save_news_article', () => {
    const versions = (en: unknown, fr: unknown) => JSON.stringify({ en, fr });

    it('denies anonymous callers', async () => {
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query(saveSql, [null, 'General', null, versions(null, null)])),
        '42501',
      );
    });

    it.each(readerCases)('denies a %s user', async (_name, who) => {
      await expectSqlState(
        asUser(t.db, who(), (tx) =>
          tx.query(saveSql, [null, 'General', null, versions({ title: 'a', content: 'b', status: 'published' }, null)]),
        ),
        '42501',
      );
      await expectSqlState(
        asUser(t.db, who(), (tx) =>
          tx.query(
            `insert into public.news_article_versions (article_id, language, title, content) values ($1, 'fr', 'a', 'b')`,
            [published],
          ),
        ),
        '42501',
      );
    });

    it('lets an admin create an article with both versions, as its author', async () => {
      const row = await asUser(t.db, admin, async (tx) => {
        const id = (
          await tx.query<{ id: string }>(saveSql, [
            null,
            '',
            null,
            versions(
              { title: ' Hello ', content: 'World', image_alt: 'A bike', status: 'draft' },
              { title: 'Bonjour', content: 'Monde', status: 'published' },
            ),
          ])
        ).rows[0]!.id;
        const article = (
          await tx.query<{ news_category: string; is_published: boolean; author_id: string }>(
            'select news_category, is_published, author_id from public.news_articles where id = $1',
            [id],
          )
        ).rows[0];
        const vs = (
          await tx.query(
            'select language, title, image_alt, status from public.news_article_versions where article_id = $1 order by language',
            [id],
          )
        ).rows;
        return { article, vs };
      });
      expect(row.article).toEqual({ news_category: 'General', is_published: true, author_id: admin });
      expect(row.vs).toEqual([
        { language: 'en', title: 'Hello', image_alt: 'A bike', status: 'draft' },
        { language: 'fr', title: 'Bonjour', image_alt: null, status: 'published' },
      ]);
    });

    it('removes a version given as null and unpublishes the article with its last published version', async () => {
      const row = await asUser(t.db, admin, async (tx) => {
        await tx.query(saveSql, [
          bilingual,
          'Announcements',
          null,
          versions({ title: 'English draft', content: 'Body', status: 'draft' }, null),
        ]);
        return {
          isPublished: (
            await tx.query<{ p: boolean }>('select is_published as p from public.news_articles where id = $1', [
              bilingual,
            ])
          ).rows[0]!.p,
          languages: (
            await tx.query<{ language: string }>(
              'select language from public.news_article_versions where article_id = $1',
              [bilingual],
            )
          ).rows.map((r) => r.language),
        };
      });
      expect(row).toEqual({ isPublished: false, languages: ['en'] });
    });

    it.each([
      ['no version', JSON.stringify({ en: null, fr: null }), '22023'],
      ['another language', JSON.stringify({ de: { title: 'a', content: 'b' } }), '22023'],
      ['a blank title', JSON.stringify({ en: { title: '  ', content: 'b' } }), '23514'],
      ['a title over 300 characters', JSON.stringify({ fr: { title: 'x'.repeat(301), content: 'b' } }), '23514'],
      [
        'an image description over 300 characters',
        JSON.stringify({ fr: { title: 'a', content: 'b', image_alt: 'x'.repeat(301) } }),
        '23514',
      ],
      ['an unknown status', JSON.stringify({ en: { title: 'a', content: 'b', status: 'live' } }), '23514'],
    ])('rejects %s', async (_name, json, state) => {
      await expectSqlState(
        asUser(t.db, admin, (tx) => tx.query(saveSql, [null, 'General', null, json])),
        state,
      );
    });

    it('rejects a javascript image URL', async () => {
      await expectSqlState(
        asUser(t.db, admin, (tx) =>
          tx.query(saveSql, [null, 'General', 'javascript:alert(1)', versions({ title: 'a', content: 'b' }, null)]),
        ),
        '23514',
      );
    });

    it('does not let an admin publish in the name of someone else', async () => {
      await expectSqlState(
        asUser(t.db, admin, (tx) =>
          tx.query(`insert into public.news_articles (news_category, author_id) values ('General', $1)`, [standard]),
        ),
        '42501',
      );
    });

    it('does not let anyone write is_published directly', async () => {
      await expectSqlState(
        asUser(t.db, admin, (tx) =>
          tx.query(`update public.news_articles set is_published = true where id = $1`, [draft]),
        ),
        '42501',
      );
    });
  });

  describe('update versions', () => {
    it('denies anonymous callers', async () => {
      await expectSqlState(
        asAnon(t.db, (tx) =>
          tx.query(`update public.news_article_versions set title = 'x' where article_id = $1`, [published]),
        ),
        '42501',
      );
    });

    it.each(readerCases)('changes nothing for a %s user', async (_name, who) => {
      const count = await asUser(
        t.db,
        who(),
        async (tx) =>
          (
            await tx.query(`update public.news_article_versions set status = 'draft' where article_id = $1`, [
              published,
            ])
          ).rowCount,
      );
      expect(count).toBe(0);
    });

    it('lets an admin publish one language and the article follows', async () => {
      const row = await asUser(t.db, admin, async (tx) => {
        await tx.query(
          `update public.news_article_versions set status = 'published', title = 'Draft no more' where article_id = $1`,
          [draft],
        );
        return (
          await tx.query<{ is_published: boolean }>('select is_published from public.news_articles where id = $1', [
            draft,
          ])
        ).rows[0];
      });
      expect(row).toEqual({ is_published: true });
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
      await expectSqlState(
        asAnon(t.db, (tx) => tx.query('delete from public.news_article_versions where article_id = $1', [published])),
        '42501',
      );
    });

    it.each(readerCases)('deletes nothing for a %s user', async (_name, who) => {
      const count = await asUser(t.db, who(), async (tx) => ({
        articles: (await tx.query('delete from public.news_articles where id = $1', [published])).rowCount,
        versions: (await tx.query('delete from public.news_article_versions where article_id = $1', [published]))
          .rowCount,
      }));
      expect(count).toEqual({ articles: 0, versions: 0 });
    });

    it('lets an admin delete an article with its versions', async () => {
      const left = await asUser(t.db, admin, async (tx) => {
        const n = (await tx.query('delete from public.news_articles where id = $1', [published])).rowCount;
        const versions = (
          await tx.query('select 1 from public.news_article_versions where article_id = $1', [published])
        ).rowCount;
        return { n, versions };
      });
      expect(left).toEqual({ n: 1, versions: 0 });
    });

    it('lets the service role do everything', async () => {
      const n = await asService(t.db, async (tx) => ({
        articles: (await tx.query('select id from public.news_articles')).rowCount,
        versions: (await tx.query('select title from public.news_article_versions')).rowCount,
      }));
      expect(n.articles).toBeGreaterThanOrEqual(3);
      expect(n.versions).toBeGreaterThanOrEqual(4);
    });
  });
});
