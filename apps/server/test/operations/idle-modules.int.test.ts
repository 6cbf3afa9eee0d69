// An idle server on the defaults (embedded database, no SMTP, JSON logs) keeps only what serving
// needs in memory (docs/decisions/0110): the PDF, QR code, SMTP, pretty-log and password-dictionary
// libraries load with their first use — a certificate or label sheet, a 2FA enrolment, an SMTP
// mail, a terminal, a password being set — not with the server. A real process records every npm
// package it loads (helpers/record-packages.mjs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyMigratedPgliteTemplate } from '@tagledger/db/testing';
import { STARTUP_BOUND_MS, freePort, spawnServer, stopServer, waitUntilHealthy } from '../helpers/server-process.js';

const ON_FIRST_USE = [
  'pdf-lib',
  'qrcode',
  'nodemailer',
  'pino-pretty',
  '@zxcvbn-ts/language-common',
  'stripe',
  '@aws-sdk/client-s3',
];
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tagledger-idle-modules-'));
const record = path.join(dataDir, 'packages.txt');

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('an idle server', () => {
  it(
    'has not loaded the libraries that only some requests need',
    async () => {
      await copyMigratedPgliteTemplate(path.join(dataDir, 'db'));
      const hook = path.resolve(import.meta.dirname, '../helpers/record-packages.mjs');
      const proc = spawnServer({
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        NODE_OPTIONS: `--import=${hook}`,
        RECORD_PACKAGES_TO: record,
      });
      try {
        await waitUntilHealthy(proc);
        // A request through the data path, as an idle server has served a few.
        expect((await fetch(`${proc.url}/auth/v1/settings`)).status).toBeLessThan(500);
      } finally {
        await stopServer(proc);
      }
      const loaded = new Set(fs.readFileSync(record, 'utf8').split('\n').filter(Boolean));
      // The recorder works: the server's own framework and database are in the list.
      expect(loaded).toContain('fastify');
      expect(loaded).toContain('@electric-sql/pglite');
      expect(ON_FIRST_USE.filter((name) => loaded.has(name))).toEqual([]);
    },
    STARTUP_BOUND_MS + 30_000,
  );
});
