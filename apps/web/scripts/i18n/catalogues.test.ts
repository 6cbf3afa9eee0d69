// The catalogue rules: every message exists in every language, every message the code asks for is in
// the catalogues, and no component shows text written outside them.
import fs from 'node:fs';
import path from 'node:path';
import { formatter } from '@lingui/format-po';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/lib/i18n/locales';
import { scanSource, sourceFiles } from './source-scan';

const src = path.resolve(import.meta.dirname, '../../src');
const po = formatter({ lineNumbers: false, origins: false });

async function catalogue(locale: string): Promise<Record<string, { translation?: string; obsolete?: boolean }>> {
  const file = path.join(src, 'locales', `${locale}.po`);
  return (await po.parse(fs.readFileSync(file, 'utf8'), { locale, sourceLocale: 'en', filename: file })) as Record<
    string,
    { translation?: string; obsolete?: boolean }
  >;
}

const placeholders = (message: string) =>
  [...new Set([...message.matchAll(/\{(\w+)\s*[,}]/g)].map((m) => m[1]))].sort();

describe('message catalogues', () => {
  it('hold the same messages in every language, each translated with the same placeholders', async () => {
    const english = await catalogue('en');
    const ids = Object.keys(english).filter((id) => !english[id]!.obsolete);
    expect(ids.length).toBeGreaterThan(1000);
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const other = await catalogue(locale);
      const otherIds = Object.keys(other).filter((id) => !other[id]!.obsolete);
      expect(
        otherIds.filter((id) => !english[id]),
        `${locale}.po has messages en.po lacks`,
      ).toEqual([]);
      expect(
        ids.filter((id) => !other[id]),
        `en.po has messages ${locale}.po lacks`,
      ).toEqual([]);
      const untranslated = ids.filter((id) => !other[id]?.translation);
      expect(untranslated, `untranslated in ${locale}.po`).toEqual([]);
      const mismatched = ids.filter((id) => placeholders(id).join() !== placeholders(other[id]!.translation!).join());
      expect(mismatched, `placeholders differ in ${locale}.po`).toEqual([]);
    }
  });

  // Parses every source file of the app: seconds of work, so it gets more than the default 5 s.
  it('contain every message the code asks for', { timeout: 60_000 }, async () => {
    const english = await catalogue('en');
    const missing = sourceFiles(src)
      .flatMap((file) => scanSource(path.relative(src, file), fs.readFileSync(file, 'utf8')).messageIds)
      .filter((m) => !english[m.text])
      .map((m) => `${m.file}:${m.line} ${m.text}`);
    expect(missing, 'run npm run i18n:extract -w @tagledger/web and translate the new entries').toEqual([]);
  });
});

describe('components', () => {
  it('show no text written outside the catalogues', { timeout: 60_000 }, () => {
    const literals = sourceFiles(src)
      .flatMap((file) => scanSource(path.relative(src, file), fs.readFileSync(file, 'utf8')).literals)
      .map((l) => `${l.file}:${l.line} ${l.text}`);
    expect(literals, 'wrap them in i18n._() (npm run i18n:wrap -w @tagledger/web -- <file> does it)').toEqual([]);
  });

  it('the scan finds literal text in JSX, text attributes, shown expressions, toasts and text properties', () => {
    const code = `
      const items = [{ to: '/a', label: 'Module label' }, { to: '/b', label: /*i18n*/ 'Marked label' }];
      export function A({ busy }) {
        toast.error('Could not save');
        return (
          <div title="Hover text" className="px-2 text-sm">
            Plain words
            {busy ? 'Saving...' : i18n._('Save')}
            {\`\${busy} items\`}
            <input placeholder="Type here" type="text" />
            © {year} · —
          </div>
        );
      }`;
    const { literals, messageIds } = scanSource('a.tsx', code);
    expect(literals.map((l) => l.text).sort()).toEqual(
      ['Could not save', 'Hover text', 'Module label', 'Plain words', 'Saving...', 'Type here', '… items'].sort(),
    );
    expect(messageIds.map((m) => m.text).sort()).toEqual(['Marked label', 'Save']);
  });
});
