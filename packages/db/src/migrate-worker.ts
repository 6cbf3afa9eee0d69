// Runs inside a worker thread (migrate-apart.ts): opens its own PGlite on the folder it is given,
// applies every migration, closes the database and reports the applied versions. When the thread
// ends, its WebAssembly memory — grown by initdb and the migrations — goes with it.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { migrate } from './migrate.js';
import { pgliteOn, PGLITE_OPTIONS } from './pglite-driver.js';

const { dir } = workerData as { dir: string };
const pg = await PGlite.create({ dataDir: dir, ...PGLITE_OPTIONS });
const db = pgliteOn(pg);
try {
  const result = await migrate(db);
  parentPort!.postMessage(result);
} finally {
  await db.close();
}
