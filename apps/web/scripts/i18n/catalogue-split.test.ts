// The split catalogues (catalogue-split.ts): every screen gets every message its modules use, from the
// shell or from its own piece, and a screen's piece does not carry other screens' texts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { screenFiles, screenKey, splitCatalogue } from './catalogue-split';
import { scanSource } from './source-scan';

const src = path.resolve(import.meta.dirname, '../../src');
const split = splitCatalogue(src);
const idsIn = (file: string) =>
  scanSource(path.relative(src, file), fs.readFileSync(path.join(src, file), 'utf8')).messageIds.map((m) => m.text);

describe('split message catalogues', () => {
  it('give each screen the messages of its own module and of the components it imports', () => {
    const missing: string[] = [];
    for (const file of screenFiles(src)) {
      const key = screenKey(src, file);
      const piece = split.screens.get(key)!;
      for (const id of idsIn(path.relative(src, file)))
        if (!piece.has(id) && !split.shell.has(id)) missing.push(`${key}: ${id}`);
    }
    expect(missing).toEqual([]);
    // A component the FAQ imports brings its messages along (the shared FAQ list lives outside the route).
    expect(split.screens.get('features/marketing/routes/faq-page')!.size).toBeGreaterThan(10);
  });

  it('keep the layout in the shell and the legal texts out of the landing page', () => {
    expect(idsIn('app/layout/footer.tsx').every((id) => split.shell.has(id))).toBe(true);
    const landing = split.screens.get('features/marketing/routes/landing-page')!;
    // Its own texts (not words the footer also shows, such as "Privacy Policy").
    const privacy = idsIn('features/marketing/routes/privacy-policy-page.tsx').filter((id) => !split.shell.has(id));
    expect(privacy.length).toBeGreaterThan(10);
    expect(privacy.filter((id) => landing.has(id))).toEqual([]);
    expect(split.screens.get('features/marketing/routes/privacy-policy-page')!.has(privacy[0]!)).toBe(true);
  });
});
