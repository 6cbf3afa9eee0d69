// Creating a file that several processes may create at the same moment (two servers starting on
// one DATA_DIR, two backups started at once): the content is written privately beside the target
// and hard-linked into place, so exactly one writer's content wins and nobody reads half a file.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Creates `file` (mode 0600, its folder 0700) with `content` unless it exists; a loser of the race keeps the winner's. */
export function createFileOnce(file: string, content: string): void {
  if (fs.existsSync(file)) return;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temp, content, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    fs.rmSync(temp, { force: true });
  }
}
