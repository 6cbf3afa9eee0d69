// The repository's one ESLint configuration (flat config), loaded by the root eslint.config.js.
// It keeps the rule set small on purpose: the recommended JavaScript and TypeScript rules (without
// type information, so a full run stays fast on two cores), the React hooks rules, no import cycles,
// and the boundaries between layers described in docs/contributing.md ("Boundaries").
//
// This workspace pins its own TypeScript 6 because typescript-eslint's parser needs the compiler's
// JavaScript API, which TypeScript 7 (what tsc runs for the apps) no longer ships.
import './typescript-6.js';
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { builtinModules } from 'node:module';
import { serverZones, webZones, workspaceZones } from './boundaries.js';
import { fileNamesRule } from './rules/file-names.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const foldersOf = (dir) =>
  fs
    .readdirSync(path.join(repoRoot, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
// Read from disk, so that a new folder gets a rule or fails the lint (serverZones throws).
const serverFolders = foldersOf('apps/server/src');
const webFeatures = foldersOf('apps/web/src/features');
const tagledger = { rules: { 'file-names': fileNamesRule(repoRoot) } };

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'e2e/.artifacts/**',
      'bench/results/**',
      'data/**',
      '.data*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    plugins: { 'import-x': importX, tagledger },
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    settings: {
      // Read imported TypeScript files too, so that no-cycle follows the whole graph.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'packages/*/tsconfig.json',
            'e2e/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // Kebab-case file and folder names (docs/decisions/0149).
      'tagledger/file-names': 'error',
      // Another workspace is imported by its package name, never by a relative path into it.
      'import-x/no-relative-packages': 'error',
      // Prettier owns line breaks; this rule only matters for code written without semicolons.
      'no-unexpected-multiline': 'off',
      // Unused names are errors, except a leading underscore that says "deliberately unused".
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['packages/**/*.{ts,js}', 'e2e/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: repoRoot, zones: workspaceZones() }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: repoRoot, zones: serverZones('apps/server/src', serverFolders) },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: repoRoot, zones: webZones('apps/web/src', webFeatures) }],
      // The app runs in browsers: Node's modules and build tooling live in apps/web/scripts/.
      'no-restricted-imports': [
        'error',
        {
          paths: [...builtinModules.filter((name) => !name.startsWith('_')), '@babel/parser'].map((name) => ({
            name,
            message: 'apps/web/src runs in the browser: Node modules and build tooling belong in apps/web/scripts/.',
          })),
          patterns: [
            {
              group: ['node:*'],
              message: 'apps/web/src runs in the browser: Node modules and build tooling belong in apps/web/scripts/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Node scripts and configuration files outside the TypeScript sources.
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
  },
);
