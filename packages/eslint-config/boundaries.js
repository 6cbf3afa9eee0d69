// Import boundaries, as zones for import-x/no-restricted-paths: a zone forbids the files under
// `target` to import anything under `from` (except the paths listed in `except`, relative to `from`).
// Imports flow one way; docs/contributing.md ("Format, lint and boundaries") explains the layers.

/**
 * The server, folder by folder: what each folder of apps/server/src may import from the others
 * (an allow-list; every other folder is forbidden). `{ folder, only }` allows only those files of
 * the folder — the published seams: storage/service.ts (server code reading and writing stored
 * files), auth's password hashing and policy (the password functions), the storage and auth error
 * types (the app's error shape). The files at the root (app.ts, server.ts) are the app, which no
 * folder imports. startup/startup-error.ts is the error type of every start-up failure, so every
 * folder may import it. A folder missing from this table fails the lint (see serverZones).
 * docs/contributing.md ("Format, lint and boundaries") has the same table in words.
 */
export const SERVER_FOLDERS = {
  // The lowest layers: import no other server code.
  config: [],
  startup: [],
  jobs: ['config'],
  shared: ['config', 'jobs'],
  // The APIs: import only the shared layers, never each other.
  auth: ['config', 'shared'],
  rest: ['config', 'shared'],
  storage: ['config', 'shared'],
  // The functions' domain modules and the features that run beside the APIs.
  assets: ['config', 'shared', { folder: 'storage', only: ['./service.ts'] }],
  business: ['config', 'shared', 'assets', { folder: 'storage', only: ['./service.ts'] }],
  contact: ['config', 'shared'],
  payments: ['config', 'shared'],
  inheritance: ['config', 'shared', 'jobs', 'contact', { folder: 'storage', only: ['./service.ts'] }],
  operations: ['config', 'shared', { folder: 'storage', only: ['./service.ts'] }],
  functions: [
    'config',
    'shared',
    'jobs',
    'assets',
    'business',
    'contact',
    'payments',
    'inheritance',
    { folder: 'storage', only: ['./service.ts'] },
    { folder: 'auth', only: ['./services/password.ts', './services/password-policy.ts'] },
  ],
  // The app: the HTTP plugins and the command line, assembled by app.ts and server.ts.
  plugins: [
    'config',
    'shared',
    'jobs',
    'auth',
    'rest',
    'functions',
    'assets',
    'business',
    'contact',
    'payments',
    'inheritance',
    'operations',
    { folder: 'storage', only: ['./service.ts', './errors.ts', './routes.ts'] },
  ],
  cli: ['config', 'shared', 'jobs', 'assets', 'operations', { folder: 'storage', only: ['./service.ts'] }],
};

/** Files at the root of the server's src: the app itself. */
const SERVER_ROOT_FILES = ['app.ts', 'server.ts'];

/**
 * The import-x/no-restricted-paths zones of the server. `folders` are the folders that exist
 * (read from disk by index.js): one without a row in SERVER_FOLDERS is an error, so a new folder
 * cannot go unchecked.
 */
export function serverZones(src, folders, table = SERVER_FOLDERS) {
  const missing = folders.filter((folder) => !Object.hasOwn(table, folder));
  if (missing.length > 0) {
    throw new Error(
      `apps/server/src has folders without an import rule: ${missing.join(', ')}. ` +
        'Add each to SERVER_FOLDERS in packages/eslint-config/boundaries.js (what it may import).',
    );
  }
  const at = (dir) => `./${src}/${dir}`;
  const zones = [];
  for (const target of folders) {
    const allowed = new Map(
      table[target].map((entry) => (typeof entry === 'string' ? [entry, undefined] : [entry.folder, entry.only])),
    );
    const may = [...allowed].map(([folder, only]) =>
      only ? `${folder}/${only.map((f) => f.slice(2)).join(', ')}` : folder,
    );
    const message = `${target}/ may import only ${may.length ? may.join('; ') : 'no other server folder'} (packages/eslint-config/boundaries.js).`;
    for (const from of folders) {
      if (from === target) continue;
      if (allowed.has(from) && !allowed.get(from)) continue;
      const except = [...(allowed.get(from) ?? []), ...(from === 'startup' ? ['./startup-error.ts'] : [])];
      zones.push({ target: at(target), from: at(from), ...(except.length ? { except } : {}), message });
    }
    for (const file of SERVER_ROOT_FILES) {
      zones.push({ target: at(target), from: at(file), message: `${target}/ must not import the app (${file}).` });
    }
  }
  return zones;
}

/**
 * The web app: shared (components, hooks, utils, lib, config, api, test) → features → app.
 * No feature imports another one: what two features need moves to the shared layer.
 */
export function webZones(src, features) {
  const at = (dir) => `./${src}/${dir}`;
  const shared = ['components', 'hooks', 'utils', 'lib', 'config', 'api', 'test'].map(at);
  const app = [at('app'), at('main.tsx')];
  return [
    ...shared.map((target) => ({
      target,
      from: [at('features'), ...app],
      message: 'the shared layer must not import features or the app.',
    })),
    { target: at('features'), from: app, message: 'features must not import the app.' },
    ...features.map((feature) => ({
      target: at(`features/${feature}`),
      from: at('features'),
      except: [`./${feature}`],
      message: 'a feature must not import another feature: move what both need to the shared layer.',
    })),
  ];
}

/**
 * Workspaces: packages never import apps, and the end-to-end suite drives the apps from outside
 * (it starts the server as a process and reads what it needs through the server's own CLI).
 */
export function workspaceZones() {
  return [
    { target: './packages', from: './apps', message: 'packages never import apps.' },
    { target: './e2e', from: './apps', message: 'e2e drives the apps from outside: share code through a package.' },
  ];
}
