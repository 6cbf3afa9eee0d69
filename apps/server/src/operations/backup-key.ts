// The key backups are signed with (HMAC-SHA256 over the archive's content, docs/decisions/0142):
// BACKUP_KEY when set (several servers, or a key kept outside DATA_DIR), otherwise the text of
// DATA_DIR/keys/backup-key, which the first backup generates. A restore checks an archive's
// signature with the same key, so an archive edited by someone without the key is refused.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/index.js';
import { createFileOnce } from '../shared/create-file-once.js';

export const BACKUP_KEY_FILE = path.join('keys', 'backup-key');

type KeySettings = Pick<Config, 'backupKey' | 'dataDir'>;

export interface BackupKey {
  /** A short public name of the key (not secret), written into archives so a refusal can name it. */
  id: string;
  secret: Buffer;
}

export function backupKeyFromText(text: string): BackupKey {
  const secret = Buffer.from(text.trim(), 'utf8');
  const id = crypto.createHash('sha256').update('tagledger-backup-key\n').update(secret).digest('hex').slice(0, 16);
  return { id, secret };
}

/**
 * The deployment's backup key. With `create` (writing a backup) a missing key file is generated;
 * without it (restoring) a missing one gives undefined — a fresh DATA_DIR holds no key that could
 * check an archive written elsewhere.
 */
export function readBackupKey(config: KeySettings, options: { create: true }): BackupKey;
export function readBackupKey(config: KeySettings, options: { create: false }): BackupKey | undefined;
export function readBackupKey(config: KeySettings, options: { create: boolean }): BackupKey | undefined {
  if (config.backupKey) return backupKeyFromText(config.backupKey);
  const file = path.join(config.dataDir, BACKUP_KEY_FILE);
  if (!fs.existsSync(file)) {
    if (!options.create) return undefined;
    // Two backups started at once agree on one key.
    createFileOnce(file, `${crypto.randomBytes(32).toString('base64url')}\n`);
  }
  return backupKeyFromText(fs.readFileSync(file, 'utf8'));
}
