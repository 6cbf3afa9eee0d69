// Second half of `npm start` (after scripts/builds.mjs): runs the compiled server in this process —
// plain JavaScript, no TypeScript loader at run time — and registers it as serving the current
// web bundle, so another start never swaps that bundle under it.
//
// package.json starts this with --conditions=tagledger-compiled (so @tagledger/db resolves to its
// compiled packages/db/dist) and two V8 flags that keep an idle server on the embedded database
// small (docs/decisions/0110): --no-liftoff compiles PGlite's WebAssembly once, optimised, instead
// of keeping a baseline copy beside the optimised one, and --max-semi-space-size=1 keeps the young
// generation of the JavaScript heap at 1 MB per semi-space.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, registerServer } from './builds.mjs';

registerServer();
await import(pathToFileURL(path.join(ROOT, 'apps/server/dist/server.js')).href);
