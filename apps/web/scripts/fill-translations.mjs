#!/usr/bin/env node
// Writes translations into a catalogue: reads lines "<message>\t<translation>" (or a JSON object
// {message: translation}) and sets msgstr of those messages in src/locales/<locale>.po.
// Usage: node apps/web/scripts/fill-translations.mjs fr translations.json
import fs from 'node:fs';
import path from 'node:path';
import { formatter } from '@lingui/format-po';

const [locale, input] = process.argv.slice(2);
if (!locale || !input) throw new Error('usage: fill-translations.mjs <locale> <file.json>');
const file = path.resolve(import.meta.dirname, `../src/locales/${locale}.po`);
const po = formatter({ lineNumbers: false, origins: false });
const ctx = { locale, sourceLocale: 'en', filename: file };
const catalog = await po.parse(fs.readFileSync(file, 'utf8'), ctx);
const translations = JSON.parse(fs.readFileSync(input, 'utf8'));
let set = 0;
for (const [id, translation] of Object.entries(translations)) {
  if (!catalog[id]) continue;
  catalog[id].translation = translation;
  set++;
}
fs.writeFileSync(file, await po.serialize(catalog, ctx));
console.log(`${set} of ${Object.keys(translations).length} translations written to ${locale}.po`);
