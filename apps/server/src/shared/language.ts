// The language the server writes to a user in (mail, certificates): the account's
// user_settings.language (English or French), chosen in the app and set at sign-up. Unknown users
// and addresses get English.
import type { Queryable } from '@tagledger/db';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Texts of one message (a mail, a document) in every language, so none can be missing. */
export type Localized<T> = Record<Language, T>;

const asLanguage = (value: unknown): Language => (value === 'fr' ? 'fr' : 'en');

export async function languageOfUser(db: Queryable, userId: string): Promise<Language> {
  const { rows } = await db.query<{ language: string }>('select private.user_language($1) as language', [userId]);
  return asLanguage(rows[0]?.language);
}

/** By the address a mail goes to: the user's e-mail, or the address they are changing to. */
export async function languageOfEmail(db: Queryable, email: string): Promise<Language> {
  const { rows } = await db.query<{ language: string }>('select private.user_language_by_email($1) as language', [
    email,
  ]);
  return asLanguage(rows[0]?.language);
}

/**
 * A count with its noun in the language's plural form, `#` standing for the number:
 * plural('en', 1, { one: '# day', other: '# days' }) → '1 day'; French counts 0 and 1 as singular.
 */
export function plural(language: Language, n: number, forms: { one: string; other: string }): string {
  const form = new Intl.PluralRules(language).select(n) === 'one' ? forms.one : forms.other;
  return form.replaceAll('#', String(n));
}
