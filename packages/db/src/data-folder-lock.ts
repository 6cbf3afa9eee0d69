// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the package ships no types; this file declares the part we use
/// <reference path="./fs-native-extensions.d.ts" />
// One process per embedded database folder. PGlite keeps no lock of its own, so two servers on one
// DATA_DIR would both open DATA_DIR/db and one's acknowledged writes would be lost. The lock is an
// exclusive kernel lock (an open-file-description lock on Linux, via fs-native-extensions) on
// DATA_DIR/db.lock: the kernel drops it when the holder exits in any way, kill -9 included, so a
// stale lock cannot exist and there is no PID to be reused. See docs/decisions/0062-data-folder-lock.md.
//
// The lock file is never deleted: unlinking a locked file would let the next process lock a new
// file of the same name while the holder still holds the old one. Its content (the holder's pid) is
// only there to name the holder in the error message; the kernel lock alone decides.
import fs from 'node:fs';
import { tryLock } from 'fs-native-extensions';
import { DbStartupError, errnoCode } from './startup-error.js';

export interface DataFolderLock {
  readonly file: string;
  release(): void;
}

function holderPid(file: string): number | undefined {
  try {
    const pid = Number(JSON.parse(fs.readFileSync(file, 'utf8')).pid);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined; // being written, or written by something else: the message goes without a pid
  }
}

/** Another process (a running server) holds the folder: tools may ask that server instead. */
export class DatabaseFolderBusy extends DbStartupError {}

/** Takes the exclusive lock for the database folder `dbDir`, or throws DbStartupError at once. */
export function lockDatabaseFolder(dbDir: string): DataFolderLock {
  const file = `${dbDir}.lock`;
  let fd: number;
  try {
    // Node opens files close-on-exec, so a child process never inherits (and outlives us with) the lock.
    fd = fs.openSync(file, 'a+', 0o600);
  } catch (err) {
    throw new DbStartupError(
      `Cannot create the database lock file ${file} (${errnoCode(err) ?? String(err)}); set DATA_DIR to a writable folder`,
    );
  }
  let locked: boolean;
  try {
    locked = tryLock(fd);
  } catch (err) {
    fs.closeSync(fd);
    throw new DbStartupError(
      `Cannot lock ${file} (${errnoCode(err) ?? String(err)}): the file system of DATA_DIR does not support locks; put DATA_DIR on a local disk`,
    );
  }
  if (!locked) {
    fs.closeSync(fd);
    const pid = holderPid(file);
    throw new DatabaseFolderBusy(
      `The embedded database in ${dbDir} is already in use by another TagLedger server${pid ? ` (pid ${pid})` : ''}; stop that server, or give this one its own DATA_DIR (several servers can share one database only through DATABASE_URL)`,
    );
  }
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, `${JSON.stringify({ pid: process.pid, since: new Date().toISOString() })}\n`);
  let released = false;
  return {
    file,
    release() {
      if (released) return;
      released = true;
      fs.closeSync(fd); // closing the only descriptor drops the lock
    },
  };
}
