// Issue 17: the account's language (user_settings.language) — set from sign-up, only English or
// French, changed by its owner only, and read by the server for mail and certificates.
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

describe.each(drivers)('user language on %s', (driver) => {
  let t: TestDb;
  let french: string;
  let english: string;
  let other: string;
  beforeAll(async () => {
    t = await openTestDb(driver);
    french = await createAuthUser(t.db, { email: 'francoise-lang@example.test', metadata: { language: 'fr' } });
    english = await createAuthUser(t.db, { email: 'edward-lang@example.test', metadata: { language: 'en' } });
    other = await createAuthUser(t.db, { email: 'otto-lang@example.test', metadata: { language: 'de' } });
  });
  afterAll(() => t?.close());

  const languageOf = async (id: string) =>
    (await t.db.query<{ language: string }>('select language from public.user_settings where user_id = $1', [id]))
      .rows[0]!.language;

  it('starts an account in its sign-up language, English when none or an unsupported one was given', async () => {
    expect(await languageOf(french)).toBe('fr');
    expect(await languageOf(english)).toBe('en');
    expect(await languageOf(other)).toBe('en');
    const none = await createAuthUser(t.db, {});
    expect(await languageOf(none)).toBe('en');
  });

  it('lets a user switch their own language between English and French only', async () => {
    await asUser(t.db, english, (tx) =>
      tx.query(`update public.user_settings set language = 'fr' where user_id = $1`, [english]),
    );
    expect(await languageOf(english)).toBe('fr');
    await expectSqlState(
      asUser(t.db, english, (tx) =>
        tx.query(`update public.user_settings set language = 'de' where user_id = $1`, [english]),
      ),
      '23514',
    );
    await asUser(t.db, english, (tx) =>
      tx.query(`update public.user_settings set language = 'en' where user_id = $1`, [english]),
    );
    expect(await languageOf(english)).toBe('en');
  });

  it("never changes another user's language", async () => {
    const { rowCount } = await asUser(t.db, english, (tx) =>
      tx.query(`update public.user_settings set language = 'en' where user_id = $1`, [french]),
    );
    expect(rowCount).toBe(0);
    expect(await languageOf(french)).toBe('fr');
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query(`update public.user_settings set language = 'en' where user_id = $1`, [french])),
      '42501',
    );
  });

  it('tells the server a user’s language by id or by e-mail (also the address being changed to)', async () => {
    const byId = await asService(t.db, (tx) =>
      tx.query<{ l: string }>('select private.user_language($1) as l', [french]),
    );
    expect(byId.rows[0]!.l).toBe('fr');
    await t.db.query(`update auth.users set email_change = 'new-francoise@example.test' where id = $1`, [french]);
    const byEmail = await asService(t.db, async (tx) => [
      (await tx.query<{ l: string }>('select private.user_language_by_email($1) as l', ['FRANCOISE-lang@example.test']))
        .rows[0]!.l,
      (await tx.query<{ l: string }>('select private.user_language_by_email($1) as l', ['new-francoise@example.test']))
        .rows[0]!.l,
      (await tx.query<{ l: string }>('select private.user_language_by_email($1) as l', ['nobody@example.test']))
        .rows[0]!.l,
    ]);
    expect(byEmail).toEqual(['fr', 'fr', 'en']);
  });

  it('does not let users or visitors ask for anyone’s language', async () => {
    await expectSqlState(
      asUser(t.db, english, (tx) => tx.query('select private.user_language($1)', [french])),
      '42501',
    );
    await expectSqlState(
      asAnon(t.db, (tx) => tx.query('select private.user_language_by_email($1)', ['francoise-lang@example.test'])),
      '42501',
    );
  });
});
