#!/usr/bin/env node
// Checks that the docs and the code's comments name things that exist: every path to a file or
// folder of the repository (`apps/server/src/app.ts`, `operations/backup.ts`, `src/rest/`) and every
// decision record (`docs/decisions/0040`, "decision 0040"). A path may be written from the
// repository's root, from the folder of the file that names it, or from a workspace's `src`; a short
// path is accepted when it is the end of exactly such a path of some tracked file or folder.
// A test named by its file name alone (`aal2.int.test.ts`, `layout.spec.ts`) must be some tracked
// file's name. And docs/architecture.md's folder tree must list exactly the folders there are: every
// folder of apps/server/src and apps/web/src, every workspace under packages/ and apps/.
// Run by `npm test`; prints each dangling reference as file:line and exits 1.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
  cwd: ROOT,
  encoding: 'utf8',
})
  .split('\0')
  .filter((file) => file && fs.existsSync(path.join(ROOT, file)));

const folders = new Set();
for (const file of tracked) {
  const parts = file.split('/');
  for (let i = 1; i < parts.length; i++) folders.add(parts.slice(0, i).join('/'));
}
const files = new Set(tracked);

const decisions = new Set(
  tracked.map((file) => /^docs\/decisions\/(\d{4})-/.exec(file)?.[1]).filter((number) => number !== undefined),
);

/** Where a path may be written from, besides the naming file's own folder. */
const BASES = ['', 'apps/server/src/', 'apps/web/src/', 'apps/server/', 'apps/web/', 'packages/db/src/', 'packages/'];

/**
 * Built, installed or run-time things: named in docs, never tracked. A path under a setting
 * (`DATA_DIR/keys/…`) is made at run time; `verify/_.html` is the prerendered page the build writes
 * for a route's parameter.
 */
const NOT_TRACKED =
  /^(?:\.\/)?(?:(?:node_modules|dist|data|test-results|playwright-report|coverage|prerendered|keys|outbox|storage|catalogues|restore-staging|\.cache|tmp)(?:\/|$)|[A-Z][A-Z0-9_]*\/)|\/_\.html$/;

function exists(reference, namedIn) {
  const clean = reference.replace(/^\.\//, '').replace(/\/$/, '');
  if (NOT_TRACKED.test(clean)) return true;
  // The web app's alias for its src folder (decision 0148).
  if (clean === '@') return true;
  if (clean.startsWith('@/')) return exists(`apps/web/src/${clean.slice(2)}`, namedIn);
  const own = path.posix.normalize(path.posix.join(path.posix.dirname(namedIn), clean));
  if (files.has(own) || folders.has(own)) return true;
  for (const base of BASES) {
    const full = base + clean;
    if (files.has(full) || folders.has(full)) return true;
  }
  // A shortened path: the end of some tracked path, starting at a folder boundary.
  const suffix = '/' + clean;
  for (const file of tracked) if (file.endsWith(suffix)) return true;
  for (const folder of folders) if (folder.endsWith(suffix)) return true;
  return false;
}

const EXTENSIONS = 'tsx?|mjs|cjs|js|json|md|sql|sh|css|html|po|ya?ml';
/** A path with at least one folder and a known extension, or a folder ending in a slash. */
const PATH = new RegExp(
  String.raw`(?<![\w@:/.~$<{*-])((?:\.\/)?(?:[\w@-][\w.@-]*\/)+(?:[\w-][\w.-]*\.(?:${EXTENSIONS})\b|(?=[\s\`'"),;]|$)))`,
  'g',
);
const DECISION = /\b(?:docs\/decisions\/|[Dd]ecisions? (?:records? )?|ADR )(\d{4})\b/g;

/** The lines of a file worth reading: all of a Markdown file, the comments of code. */
function linesToCheck(file, text) {
  const lines = text.split('\n');
  if (file.endsWith('.md')) return lines.map((line, i) => [i + 1, line]);
  const out = [];
  let inBlock = false;
  lines.forEach((line, i) => {
    const trimmed = line.trim();
    if (inBlock || trimmed.startsWith('/*')) {
      out.push([i + 1, line]);
      inBlock =
        !trimmed.includes('*/') || (trimmed.startsWith('/*') && trimmed.indexOf('*/') < 2 && !trimmed.endsWith('*/'));
      if (trimmed.endsWith('*/')) inBlock = false;
      return;
    }
    const comment = /(?:^|\s)(?:\/\/|--|#)\s(.*)$/.exec(line);
    if (comment) out.push([i + 1, comment[1]]);
  });
  return out;
}

const CHECKED = /\.(?:md|ts|tsx|mjs|js|sql|sh)$/;
/** Files whose text is data about other projects or generated: not ours to keep true. */
const SKIPPED = /(?:^|\/)(?:generated|locales|fixtures)\/|package-lock\.json$|^bench\/RESULTS\.md$|^\.ci\//;

/** A test file named without its folder. */
const TEST_NAME = /(?<![\w/.@-])([\w-][\w.-]*\.(?:test|spec)\.tsx?)\b/g;
const fileNames = new Set(tracked.map((file) => path.posix.basename(file)));

const problems = [];
for (const file of tracked) {
  if (!CHECKED.test(file) || SKIPPED.test(file)) continue;
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  for (const [number, line] of linesToCheck(file, text)) {
    for (const match of line.matchAll(DECISION)) {
      if (!decisions.has(match[1])) problems.push(`${file}:${number}: decision ${match[1]} does not exist`);
    }
    const withoutUrls = line.replace(/\b[a-z][\w+.-]*:\/\/\S+/gi, ' ');
    for (const match of withoutUrls.matchAll(TEST_NAME)) {
      if (!fileNames.has(match[1])) problems.push(`${file}:${number}: test ${match[1]} does not exist`);
    }
    for (const match of withoutUrls.matchAll(PATH)) {
      const reference = match[1];
      if (!reference.includes('/') || reference === '/' || /^\d/.test(reference)) continue;
      // A one-word folder (`jobs/`) counts only in code quotes: in prose, "unset/false" is no path.
      if (/^[\w.@-]+\/$/.test(reference) && withoutUrls[match.index - 1] !== '`') continue;
      if (!exists(reference, file)) problems.push(`${file}:${number}: ${reference} does not exist`);
    }
  }
}

// docs/architecture.md: the tree in its first code block, section by section (a line starting at the
// left margin opens one: `apps/server`, `apps/web`, `packages/db`, …; `├── name/` lines are its folders).
{
  const doc = 'docs/architecture.md';
  const text = fs.readFileSync(path.join(ROOT, doc), 'utf8');
  const block = /```\n([\s\S]*?)```/.exec(text)?.[1] ?? '';
  const listed = new Map();
  const sections = [];
  let section;
  for (const line of block.split('\n')) {
    const head = /^([\w@-]+(?:\/[\w@-]+)?)\s/.exec(line);
    if (head) {
      section = head[1];
      sections.push(section);
      continue;
    }
    const entry = /[├└]── ([\w-]+)\//.exec(line);
    if (entry && section) listed.set(section, [...(listed.get(section) ?? []), entry[1]]);
  }
  const subfolders = (dir) =>
    [...folders]
      .filter((f) => f.startsWith(`${dir}/`) && !f.slice(dir.length + 1).includes('/'))
      .map((f) => f.slice(dir.length + 1));
  const trees = { 'apps/server': 'apps/server/src', 'apps/web': 'apps/web/src' };
  for (const [name, dir] of Object.entries(trees)) {
    const real = subfolders(dir);
    // apps/web also lists scripts/, which sits beside src/.
    const extra = name === 'apps/web' ? ['scripts'] : [];
    const shown = listed.get(name) ?? [];
    for (const folder of real)
      if (!shown.includes(folder)) problems.push(`${doc}: the tree leaves out ${dir}/${folder}/`);
    for (const folder of shown)
      if (!real.includes(folder) && !extra.includes(folder))
        problems.push(`${doc}: the tree names ${dir}/${folder}/, which does not exist`);
  }
  for (const workspace of [
    ...subfolders('packages').map((p) => `packages/${p}`),
    ...subfolders('apps').map((a) => `apps/${a}`),
  ]) {
    if (!sections.includes(workspace)) problems.push(`${doc}: the tree leaves out ${workspace}`);
  }
}

if (problems.length > 0) {
  console.error(`${problems.length} reference(s) to things that do not exist:\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`references: every path and decision named in docs and comments exists (${tracked.length} files)`);
