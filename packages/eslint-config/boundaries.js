// Import boundaries, as zones for import-x/no-restricted-paths: a zone forbids the files under
// `target` to import anything under `from` (except the paths listed in `except`, relative to `from`).
// Imports flow one way; docs/contributing.md ("Format, lint and boundaries") explains the layers.

/**
 * The server: config / shared → auth | rest | storage | functions → app; the database is the
 * package @tagledger/db, below all of them. The functions' own domain modules (assets, contact,
 * payments) sit beside functions. The APIs do not import each other, except two published seams:
 * storage/service.ts (server code reading and writing objects) and auth's password hashing and
 * policy (used by the password functions).
 */
export function serverZones(src) {
  const at = (dir) => `./${src}/${dir}`;
  const app = [at('app.ts'), at('server.ts'), at('plugins'), at('cli')];
  // startup/startup-error.ts is the error type of every start-up failure, so the lowest layers use it.
  const startup = { from: at('startup'), except: ['./startup-error.ts'] };
  const functionDomain = [at('assets'), at('contact'), at('payments')];
  const { auth, rest, storage, functions } = {
    auth: at('auth'),
    rest: at('rest'),
    storage: at('storage'),
    functions: at('functions'),
  };
  const zones = (target, from, message) => [
    ...from.map((f) => ({ target, from: f, message })),
    { target, ...startup, message },
  ];
  const apisAndApp = [auth, rest, storage, functions, ...functionDomain, ...app];

  return [
    ...zones(
      at('config'),
      [at('shared'), ...apisAndApp],
      'config is the lowest layer: it imports no other server code.',
    ),
    ...zones(at('shared'), apisAndApp, 'shared may import config only.'),
    ...zones(
      auth,
      [rest, storage, functions, ...functionDomain, ...app],
      'auth must not import another API or the app.',
    ),
    ...zones(
      rest,
      [auth, storage, functions, ...functionDomain, ...app],
      'rest must not import another API or the app.',
    ),
    ...zones(
      storage,
      [auth, rest, functions, ...functionDomain, ...app],
      'storage must not import another API or the app.',
    ),
    ...functionDomain.flatMap((domain) =>
      zones(domain, [auth, rest, functions, ...app], 'a functions domain module must not import an API or the app.'),
    ),
    ...zones(functions, [rest, ...app], 'functions must not import rest or the app.'),
    ...[functions, ...functionDomain].map((target) => ({
      target,
      from: storage,
      except: ['./service.ts'],
      message: 'server functions reach storage through storage/service.ts only.',
    })),
    {
      target: functions,
      from: auth,
      except: ['./services/password.ts', './services/password-policy.ts'],
      message: 'server functions use auth only for password hashing and policy.',
    },
  ];
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
