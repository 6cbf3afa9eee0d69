// Security issue, hole 10: authors' e-mail addresses must not be readable by every signed-in
// user through public.article_authors. Readers get the name only; admins see e-mails (through
// user_profiles, whose admin policy reads every row). SQL as each role, and the data-API embed
// the news screens use, through the real server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asAnon,
  asUser,
  createAuthUser,
  drivers,
  expectSqlState,
  openTestDb,
  type TestDb,
} from '@tagledger/db/testing';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { createTestUser, type TestUser } from '../helpers/users.js';

describe.each(drivers)('article author e-mails in SQL on %s', (driver) => {
  let t: TestDb;
  let reader: string;
  let admin: string;

  beforeAll(async () => {
    t = await openTestDb(driver);
    reader = await createAuthUser(t.db, { email: 'curious-reader@example.test' });
    admin = await createAuthUser(t.db, {
      role: 'admin',
      email: 'author-editor@example.test',
      metadata: { full_name: 'Ada Author' },
    });
    const { rows } = await t.db.query<{ id: string }>(
      `insert into public.news_articles (news_category, author_id) values ('Out now', $1) returning id`,
      [admin],
    );
    await t.db.query(
      `insert into public.news_article_versions (article_id, language, title, content, status) values ($1, 'en', 'Out now', 'Body', 'published')`,
      [rows[0]!.id],
    );
  });
  afterAll(() => t?.close());

  it('gives a reader the author name of a published article', async () => {
    const rows = await asUser(
      t.db,
      reader,
      async (tx) => (await tx.query('select id, full_name from public.article_authors')).rows,
    );
    expect(rows).toEqual([{ id: admin, full_name: 'Ada Author' }]);
  });

  it('keeps no copy of the e-mail a reader could select', async () => {
    await expectSqlState(
      asUser(t.db, reader, (tx) => tx.query('select email from public.article_authors')),
      '42703',
    );
    await expectSqlState(
      asUser(t.db, reader, (tx) => tx.query('select * from public.article_authors where email is not null')),
      '42703',
    );
  });

  it("does not let a reader reach the e-mail through the author's profile", async () => {
    const rows = await asUser(
      t.db,
      reader,
      async (tx) =>
        (await tx.query(`select p.email from public.article_authors a join public.user_profiles p on p.id = a.id`))
          .rows,
    );
    expect(rows).toEqual([]);
  });

  it("lets an admin see the author's e-mail", async () => {
    const rows = await asUser(
      t.db,
      admin,
      async (tx) =>
        (
          await tx.query(
            `select a.full_name, p.email from public.article_authors a join public.user_profiles p on p.id = a.id`,
          )
        ).rows,
    );
    expect(rows).toEqual([{ full_name: 'Ada Author', email: 'author-editor@example.test' }]);
  });

  it('still denies anonymous callers', async () => {
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select full_name from public.article_authors')),
      '42501',
    );
  });

  it('keeps the name in sync, and an e-mail change leaves nothing behind', async () => {
    await t.db.query(
      `update public.user_profiles set full_name = 'Ada A.', email = 'changed-author@example.test' where id = $1`,
      [admin],
    );
    const { rows } = await t.db.query('select * from public.article_authors where id = $1', [admin]);
    expect(rows).toEqual([{ id: admin, full_name: 'Ada A.' }]);
  });
});

describe.each(drivers)('article author e-mails through the data API on %s', (driver) => {
  let server: TestServer;
  let admin: TestUser;
  let reader: TestUser;
  const EMBED = 'title:news_category, author:article_authors(full_name, profile:user_profiles(email))';

  beforeAll(async () => {
    server = await startTestServer({ driver });
    admin = await createTestUser(server, {
      role: 'admin',
      email: `author-${driver}@example.test`,
      metadata: { full_name: 'Ada Author' },
    });
    reader = await createTestUser(server, { email: `reader-${driver}@example.test` });
    const { rows } = await server.ctx.db.query<{ id: string }>(
      `insert into public.news_articles (news_category, author_id) values ('Out now', $1) returning id`,
      [admin.id],
    );
    await server.ctx.db.query(
      `insert into public.news_article_versions (article_id, language, title, content, status) values ($1, 'en', 'Out now', 'Body', 'published')`,
      [rows[0]!.id],
    );
  }, 180_000);
  afterAll(() => server?.close());

  it('embeds the name for a reader and refuses to embed an e-mail column', async () => {
    const named = await reader.client
      .from('news_articles')
      .select('title:news_category, author:article_authors(full_name)');
    expect(named.error).toBeNull();
    expect(named.data).toEqual([{ title: 'Out now', author: { full_name: 'Ada Author' } }]);
    const asked = await reader.client
      .from('news_articles')
      .select('title:news_category, author:article_authors(full_name, email)');
    expect(asked.error).not.toBeNull();
    expect(asked.data).toBeNull();
  });

  it('gives a reader no profile (so no e-mail) and an admin the e-mail, for the same embed', async () => {
    const asReader = await reader.client.from('news_articles').select(EMBED);
    expect(asReader.error).toBeNull();
    expect(asReader.data).toEqual([{ title: 'Out now', author: { full_name: 'Ada Author', profile: null } }]);
    const asAdmin = await admin.client.from('news_articles').select(EMBED);
    expect(asAdmin.error).toBeNull();
    expect(asAdmin.data).toEqual([
      { title: 'Out now', author: { full_name: 'Ada Author', profile: { email: admin.email } } },
    ]);
  });
});
