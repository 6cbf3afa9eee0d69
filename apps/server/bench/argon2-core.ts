// What one core sustains in sign-ins: argon2id verification (the cost that dominates a password
// sign-in) with the server's parameters, back to back on a libuv thread pool of one thread
// (UV_THREADPOOL_SIZE=1, set by `npm run bench`), for BENCH_ARGON_SECONDS (default 10). Prints one
// JSON line; the figure goes into bench/RESULTS.md ("Sign-in hashing") by hand with the load average.
import os from 'node:os';
import { hashPassword, verifyPassword } from '../src/auth/services/password.js';

const seconds = Number(process.env.BENCH_ARGON_SECONDS ?? 10);
const password = 'a long Passphrase 42!';
const stored = await hashPassword(password);
const loadBefore = os.loadavg();
let verified = 0;
const end = Date.now() + seconds * 1000;
while (Date.now() < end) {
  if (!(await verifyPassword(stored, password)).ok) throw new Error('verification failed');
  verified++;
}
console.log(
  JSON.stringify({
    threadPool: process.env.UV_THREADPOOL_SIZE ?? '4 (default)',
    seconds,
    verified,
    signInsPerSecond: Number((verified / seconds).toFixed(1)),
    loadBefore: loadBefore.map((l) => l.toFixed(2)),
    loadAfter: os.loadavg().map((l) => l.toFixed(2)),
  }),
);
