// DATA_DIR is checked before anything else touches it, so that a bad value ends the start with one
// clear line instead of a stack trace from deep inside the database or the key store — or a hang:
// Node's recursive mkdir loops forever (synchronously) on a path under /proc, where mkdir answers
// ENOENT although the parent exists, so folders are created one level at a time here.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { StartupError, errnoCode } from './startup-error.js';

const FIX = 'set DATA_DIR to a folder on a writable disk that the server user owns';

function createMissingFolders(dir: string): void {
  const missing: string[] = [];
  let current = dir;
  while (!fs.existsSync(current)) {
    missing.unshift(current);
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  if (fs.existsSync(current) && !fs.statSync(current).isDirectory()) {
    throw new StartupError(`DATA_DIR ${dir} cannot be created: ${current} is a file, not a folder; ${FIX}`);
  }
  for (const folder of missing) {
    try {
      fs.mkdirSync(folder);
    } catch (err) {
      if (errnoCode(err) === 'EEXIST' && fs.statSync(folder).isDirectory()) continue; // made by a concurrent start
      throw new StartupError(
        `DATA_DIR ${dir} cannot be created (${errnoCode(err) ?? String(err)} at ${folder}); ${FIX}`,
      );
    }
  }
}

/** Makes sure DATA_DIR exists, is a folder and can be written; throws StartupError otherwise. */
export function prepareDataDir(dir: string): void {
  createMissingFolders(dir);
  if (!fs.statSync(dir).isDirectory()) throw new StartupError(`DATA_DIR ${dir} is a file, not a folder; ${FIX}`);
  // access(W_OK) says yes to root on a read-only or virtual file system; writing a file is the proof.
  const probe = path.join(dir, `.write-test-${process.pid}-${crypto.randomBytes(4).toString('hex')}`);
  try {
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (err) {
    throw new StartupError(`DATA_DIR ${dir} is not writable (${errnoCode(err) ?? String(err)}); ${FIX}`);
  }
}
