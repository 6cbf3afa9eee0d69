// Builds the server (TypeScript → apps/server/dist) and the web app (Vite → apps/web/dist) only
// when they are missing or stale, and never swaps a web bundle that a running server serves.
//
// A build is stale when the fingerprint (a hash of its sources, its configs and the lockfile)
// differs from the one recorded beside the output in `.build-stamp`. Outputs are written to a
// temporary folder and renamed into place, so nobody ever reads half a build. Every server started
// by scripts/serve.mjs registers its pid in apps/web/dist/.servers/; while one of those is alive a
// stale web bundle is kept (with a warning) instead of being replaced under it — the old assets
// would vanish and its pages would fail to load.
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', '.servers', 'coverage']);
const STAMP = '.build-stamp';

// Set by `--after-typecheck`: `npm run typecheck` has just checked these same sources with the same
// compiler options (each package's tsconfig.json covers its build config's files), so the build only
// emits (tsc --noCheck) instead of checking every file a second time. npm test does this (decision 0163).
let afterTypecheck = false;

/** tsc with a project's build config into `outDir`. */
const compile = (project) => (outDir) =>
  run(process.execPath, [
    path.join(ROOT, 'node_modules/typescript/bin/tsc'),
    '-p',
    path.join(ROOT, project),
    '--outDir',
    outDir,
    ...(afterTypecheck ? ['--noCheck'] : []),
  ]);

// Built in this order: the server's compiled code imports the compiled code of the database
// package and of the functions' contract (node --conditions=tagledger-compiled resolves @tagledger/db
// to packages/db/dist, @tagledger/functions-api to packages/functions-api/dist and @tagledger/verify
// to packages/verify/dist).
export const targets = {
  'functions-api': {
    out: path.join(ROOT, 'packages/functions-api/dist'),
    inputs: [
      'packages/functions-api/src',
      'packages/functions-api/tsconfig.build.json',
      'tsconfig.base.json',
      'package-lock.json',
    ],
    build: compile('packages/functions-api/tsconfig.build.json'),
  },
  // The verifier's library (the server signs and proves with it; the published CLI runs it).
  verify: {
    out: path.join(ROOT, 'packages/verify/dist'),
    inputs: ['packages/verify/src', 'packages/verify/tsconfig.build.json', 'tsconfig.base.json', 'package-lock.json'],
    build: compile('packages/verify/tsconfig.build.json'),
  },
  db: {
    out: path.join(ROOT, 'packages/db/dist'),
    inputs: ['packages/db/src', 'packages/db/tsconfig.build.json', 'tsconfig.base.json', 'package-lock.json'],
    build: compile('packages/db/tsconfig.build.json'),
  },
  server: {
    out: path.join(ROOT, 'apps/server/dist'),
    inputs: ['apps/server/src', 'apps/server/tsconfig.build.json', 'tsconfig.base.json', 'package-lock.json'],
    build: compile('apps/server/tsconfig.build.json'),
  },
  web: {
    out: path.join(ROOT, 'apps/web/dist'),
    // The app bundles the packages it imports (the verifier, the functions' contract, the database's
    // types) from their sources: a change there makes the bundle stale too.
    inputs: [
      'apps/web',
      'packages/verify/src',
      'packages/verify/package.json',
      'packages/functions-api/src',
      'packages/functions-api/package.json',
      'packages/db/generated',
      'packages/db/src',
      'packages/db/package.json',
      'package-lock.json',
    ],
    build: (outDir) =>
      run(
        process.execPath,
        [
          path.join(ROOT, 'node_modules/vite/bin/vite.js'),
          'build',
          '--outDir',
          outDir,
          '--emptyOutDir',
          '--logLevel',
          'warn',
        ],
        path.join(ROOT, 'apps/web'),
      ),
  },
};

function run(cmd, args, cwd = ROOT) {
  const r = spawnSync(cmd, args, { cwd, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`build step failed: ${path.basename(args[0] ?? cmd)} exited with ${r.status}`);
}

function listFiles(abs, out) {
  const stat = fs.statSync(abs, { throwIfNoEntry: false });
  if (!stat) return;
  if (stat.isFile()) return void out.push(abs);
  for (const entry of fs.readdirSync(abs).sort()) {
    if (SKIP.has(entry) || entry.startsWith('.dist-')) continue;
    listFiles(path.join(abs, entry), out);
  }
}

/** Hash of every input file's path and contents. */
export function fingerprint(target) {
  const files = [];
  for (const input of target.inputs) listFiles(path.join(ROOT, input), files);
  const hash = crypto.createHash('sha256');
  for (const f of files) hash.update(path.relative(ROOT, f)).update('\0').update(fs.readFileSync(f)).update('\0');
  return hash.digest('hex');
}

export function isFresh(target, print = fingerprint(target)) {
  try {
    return fs.readFileSync(path.join(target.out, STAMP), 'utf8') === print;
  } catch {
    return false;
  }
}

const serversDir = () => path.join(targets.web.out, '.servers');

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/** Pids of servers (started by serve.mjs) that serve the current web bundle right now. */
export function runningServers() {
  let names;
  try {
    names = fs.readdirSync(serversDir());
  } catch {
    return [];
  }
  const pids = [];
  for (const name of names) {
    const pid = Number(name);
    if (Number.isInteger(pid) && pid !== process.pid && alive(pid)) pids.push(pid);
    else if (pid !== process.pid) fs.rmSync(path.join(serversDir(), name), { force: true });
  }
  return pids;
}

/** Records this process as serving apps/web/dist until it exits. */
export function registerServer() {
  fs.mkdirSync(serversDir(), { recursive: true });
  const file = path.join(serversDir(), String(process.pid));
  fs.writeFileSync(file, '');
  process.on('exit', () => fs.rmSync(file, { force: true }));
}

/** Builds into a temporary folder beside the output, then renames it into place. */
function buildInto(target, print) {
  const parent = path.dirname(target.out);
  const tmp = path.join(parent, `.dist-${process.pid}-${Date.now()}`);
  const old = `${tmp}-old`;
  try {
    target.build(tmp);
    fs.writeFileSync(path.join(tmp, STAMP), print);
    if (fs.existsSync(target.out)) fs.renameSync(target.out, old);
    fs.renameSync(tmp, target.out);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
    fs.rmSync(old, { recursive: true, force: true });
  }
}

/**
 * Makes sure a build exists and is current. Returns what happened: 'fresh' (nothing to do),
 * 'built', or 'kept-stale' (the web bundle is stale but servers still serve it).
 */
export function ensureBuilt(name, log = console.log) {
  const target = targets[name];
  const print = fingerprint(target);
  if (isFresh(target, print)) return 'fresh';
  const exists = fs.existsSync(target.out);
  if (name === 'web' && exists) {
    const serving = runningServers();
    if (serving.length) {
      log(
        `The web app's sources changed, but server process ${serving.join(', ')} still serves the current build; ` +
          'keeping it. Stop those servers and start again to rebuild.',
      );
      return 'kept-stale';
    }
  }
  log(exists ? `Rebuilding the ${name} (its sources changed)…` : `Building the ${name}…`);
  buildInto(target, print);
  return 'built';
}

// `node scripts/builds.mjs [functions-api|db|server|web …]` (npm run build, and before start and the data
// commands): build whatever is missing or stale — all, or the ones named. `--after-typecheck` (npm test,
// right after `npm run typecheck` passed) emits the TypeScript without checking its types again.
if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const args = process.argv.slice(2);
  afterTypecheck = args.includes('--after-typecheck');
  const asked = args.filter((arg) => arg !== '--after-typecheck');
  try {
    for (const name of asked.length ? asked : Object.keys(targets)) {
      if (!targets[name]) throw new Error(`unknown build target ${name} (${Object.keys(targets).join(', ')})`);
      ensureBuilt(name);
    }
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
