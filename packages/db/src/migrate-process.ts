// Entry of the child process that migrate-apart.ts forks: opens its own PGlite on the folder named
// in argv, applies every migration, closes the database and sends the applied versions to its
// parent. When the process exits, the memory initdb and the migrations grew goes back to the system.
import { PGlite } from '@electric-sql/pglite';
import { migrate } from './migrate.js';
import { pgliteOn, PGLITE_OPTIONS } from './pglite-driver.js';

const dir = process.argv[2]!;
if (!process.send) throw new Error('migrate-process is started by migrate-apart.ts with an IPC channel');
const send = process.send.bind(process);
const db = pgliteOn(await PGlite.create({ dataDir: dir, ...PGLITE_OPTIONS }));
try {
  const result = await migrate(db);
  await new Promise<void>((resolve, reject) => send(result, undefined, {}, (err) => (err ? reject(err) : resolve())));
} finally {
  await db.close();
}
// The IPC channel would keep this process alive.
process.disconnect?.();
