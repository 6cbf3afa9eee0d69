// The lint rules catch what they are for: planted imports and names, linted as if they were files
// of the repository (ESLint's lintText with a path), must fail; the real layout must pass the
// folder check. Run with `npm test -w @tagledger/eslint-config` (node --test).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ESLint } from 'eslint';
import { SERVER_FOLDERS, serverZones } from '../boundaries.js';
import { misnamedParts } from '../rules/file-names.js';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

/** The rule ids ESLint reports for `code` written at `file` (relative to the repository's root). */
async function rulesBroken(file, code) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.map((m) => m.ruleId ?? m.message);
}

describe('server boundaries', () => {
  const folders = fs
    .readdirSync(path.join(root, 'apps/server/src'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  it('give every folder of apps/server/src a rule, and refuse a folder without one', () => {
    assert.deepEqual(
      folders.filter((folder) => !Object.hasOwn(SERVER_FOLDERS, folder)),
      [],
    );
    assert.ok(serverZones('apps/server/src', folders).length > 0);
    assert.throws(
      () => serverZones('apps/server/src', [...folders, 'reports']),
      /apps\/server\/src has folders without an import rule: reports/,
    );
  });

  it('name only folders that exist', () => {
    assert.deepEqual(
      Object.keys(SERVER_FOLDERS).filter((folder) => !folders.includes(folder)),
      [],
    );
  });

  it('keep backups out of the storage engine and backend (storage/service.ts only)', async () => {
    const file = 'apps/server/src/operations/planted.ts';
    assert.deepEqual(
      await rulesBroken(file, "import { blobKey } from '../storage/engine.js';\nexport const k = blobKey('x');\n"),
      ['import-x/no-restricted-paths'],
    );
    assert.deepEqual(
      await rulesBroken(
        file,
        "import type { StorageBackend } from '../storage/backend.js';\nexport type B = StorageBackend;\n",
      ),
      ['import-x/no-restricted-paths'],
    );
    assert.deepEqual(
      await rulesBroken(
        file,
        "import { storedFileKey } from '../storage/service.js';\nexport const k = storedFileKey('x');\n",
      ),
      [],
    );
  });

  it('hold the folders that had no rule: jobs, inheritance, business, operations', async () => {
    const planted = [
      [
        'apps/server/src/jobs/planted.ts',
        "import type { AppContext } from '../shared/context.js';\nexport type C = AppContext;\n",
      ],
      [
        'apps/server/src/inheritance/planted.ts',
        "import { functionsRoutes } from '../functions/routes.js';\nexport const f = functionsRoutes;\n",
      ],
      ['apps/server/src/business/planted.ts', "import { buildApp } from '../app.js';\nexport const b = buildApp;\n"],
      [
        'apps/server/src/operations/planted.ts',
        "import { loadLogSigner } from '../assets/transparency-log.js';\nexport const l = loadLogSigner;\n",
      ],
    ];
    for (const [file, code] of planted) {
      assert.deepEqual(await rulesBroken(file, code), ['import-x/no-restricted-paths'], file);
    }
  });
});

describe('the web app', () => {
  it('imports no Node module and no build tooling in src', async () => {
    const file = 'apps/web/src/lib/planted.ts';
    for (const code of [
      "import fs from 'node:fs';\nexport const f = fs;\n",
      "import path from 'path';\nexport const p = path;\n",
      "import { parse } from '@babel/parser';\nexport const p = parse;\n",
    ]) {
      assert.deepEqual(await rulesBroken(file, code), ['no-restricted-imports'], code);
    }
    // The same import in the web app's scripts is fine.
    assert.deepEqual(
      await rulesBroken('apps/web/scripts/planted.ts', "import fs from 'node:fs';\nexport const f = fs;\n"),
      [],
    );
  });
});

describe('file names', () => {
  it('are kebab-case, with dot-separated parts', () => {
    assert.deepEqual(misnamedParts('apps/server/test/operations/backup.int.test.ts'), []);
    assert.deepEqual(misnamedParts('packages/functions-api/src/gs1.ts'), []);
    assert.deepEqual(misnamedParts('.ci/run/check.mjs'), []);
    assert.deepEqual(misnamedParts('apps/web/src/components/UserCard.tsx'), ['UserCard.tsx']);
    assert.deepEqual(misnamedParts('apps/server/src/shared/rate_limit.ts'), ['rate_limit.ts']);
    assert.deepEqual(misnamedParts('apps/web/src/features/myFeature/index.ts'), ['myFeature']);
  });

  it('fail the lint on a misnamed file', async () => {
    assert.deepEqual(await rulesBroken('apps/web/src/lib/userCard.ts', 'export const a = 1;\n'), [
      'tagledger/file-names',
    ]);
    assert.deepEqual(await rulesBroken('apps/server/src/shared/rate_limit.ts', 'export const a = 1;\n'), [
      'tagledger/file-names',
    ]);
    assert.deepEqual(await rulesBroken('apps/web/src/lib/user-card.ts', 'export const a = 1;\n'), []);
  });
});
