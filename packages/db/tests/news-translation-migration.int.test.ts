// What migration 20261127001400 does to articles already there: each one's title and content become
// its English version, published if the article was, a draft if not; the article keeps its category,
// image, author and dates, and its is_published now follows its versions.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../src/index.js';
import { listMigrations, migrate } from '../src/migrate.js';
import { asUser, createAuthUser, createTestDatabase, drivers } from '../src/testing.js';

const FIRST_NEW = '20261127001400';

describe.each(drivers)('news translation migration over existing articles on %s', (driver) => {
  let db: Db;
  let cleanup: () => Promise<void>;
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-news-migration-before-'));
  let reader = '';
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    for (const m of listMigrations()) {
      if (m.version < FIRST_NEW) fs.copyFileSync(m.file, path.join(before, path.basename(m.file)));
    }
    if (driver === 'pglite') {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-news-migration-'));
      db = await openDb({ dataDir });
      cleanup = async () => {
        await db.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      };
    } else {
      const database = await createTestDatabase(process.env.TEST_DATABASE_URL!);
      db = await openDb({ databaseUrl: database.url });
      cleanup = async () => {
        await db.close();
        await database.drop();
      };
    }
    await migrate(db, before);
    const admin = await createAuthUser(db, { role: 'admin', metadata: { full_name: 'Eve Editor' } });
    reader = await createAuthUser(db, {});
    for (const [key, published] of [
      ['live', true],
      ['draft', false],
    ] as const) {
      const { rows } = await db.query<{ id: string }>(
        `insert into public.news_articles (title, content, news_category, image_url, is_published, author_id, created_at)
         values ($1, $2, 'Company News', 'https://example.com/a.jpg', $3, $4, '2026-01-02T03:04:05Z') returning id`,
        [`Old ${key}`, `Old ${key} body`, published, admin],
      );
      ids[key] = rows[0]!.id;
    }
    await migrate(db);
  }, 600_000);
  afterAll(async () => {
    await cleanup?.();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('turns each article into its English version with the status it had', async () => {
    const { rows } = await db.query<{
      article_id: string;
      language: string;
      title: string;
      content: string;
      status: string;
    }>('select article_id, language, title, content, status from public.news_article_versions order by title');
    expect(rows).toEqual([
      { article_id: ids.draft, language: 'en', title: 'Old draft', content: 'Old draft body', status: 'draft' },
      { article_id: ids.live, language: 'en', title: 'Old live', content: 'Old live body', status: 'published' },
    ]);
    const articles = await db.query<{ id: string; is_published: boolean; news_category: string; created_at: Date }>(
      'select id, is_published, news_category, created_at from public.news_articles order by is_published desc',
    );
    expect(
      articles.rows.map((a) => [a.id, a.is_published, a.news_category, new Date(a.created_at).toISOString()]),
    ).toEqual([
      [ids.live, true, 'Company News', '2026-01-02T03:04:05.000Z'],
      [ids.draft, false, 'Company News', '2026-01-02T03:04:05.000Z'],
    ]);
  });

  it('shows a reader the published English version only', async () => {
    const titles = await asUser(
      db,
      reader,
      async (tx) => (await tx.query<{ title: string }>('select title from public.news_article_versions')).rows,
    );
    expect(titles).toEqual([{ title: 'Old live' }]);
  });
});
